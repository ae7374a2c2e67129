// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-step-list.h"

struct _MsvisStepList
{
  GObject  parent_instance;
  char    *all;
  guint    n_steps;
};

static GType
msvis_step_list_get_item_type (GListModel *list)
{
  return GTK_TYPE_STRING_OBJECT;
}

static guint
msvis_step_list_get_n_items (GListModel *list)
{
  MsvisStepList *self = MSVIS_STEP_LIST (list);

  /* n_steps is at most G_MAXUINT - 1: the readers bound it by the nodes of a graph. */
  return self->n_steps + 1;
}

static gpointer
msvis_step_list_get_item (GListModel *list,
                          guint       position)
{
  MsvisStepList *self = MSVIS_STEP_LIST (list);
  char number[16];

  if (position > self->n_steps)
    return NULL;
  if (position == 0)
    return gtk_string_object_new (self->all);
  g_snprintf (number, sizeof number, "%u", position - 1);
  return gtk_string_object_new (number);
}

static void
msvis_step_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = msvis_step_list_get_item_type;
  iface->get_n_items = msvis_step_list_get_n_items;
  iface->get_item = msvis_step_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (MsvisStepList, msvis_step_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      msvis_step_list_model_init))

static void
msvis_step_list_finalize (GObject *object)
{
  MsvisStepList *self = MSVIS_STEP_LIST (object);

  g_free (self->all);
  G_OBJECT_CLASS (msvis_step_list_parent_class)->finalize (object);
}

static void
msvis_step_list_class_init (MsvisStepListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = msvis_step_list_finalize;
}

static void
msvis_step_list_init (MsvisStepList *self)
{
}

/**
 * msvis_step_list_new:
 * @all: the first choice, that shows every step
 * @n_steps: the steps, below %G_MAXUINT
 *
 * Returns: (transfer full): the choices
 */
MsvisStepList *
msvis_step_list_new (const char *all,
                     guint       n_steps)
{
  MsvisStepList *self;

  g_return_val_if_fail (all != NULL, NULL);
  g_return_val_if_fail (n_steps < G_MAXUINT, NULL);

  self = g_object_new (MSVIS_TYPE_STEP_LIST, NULL);
  self->all = g_strdup (all);
  self->n_steps = n_steps;
  return self;
}
