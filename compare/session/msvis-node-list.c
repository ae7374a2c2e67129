// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-node-item.h"
#include "msvis-node-list.h"

struct _MsvisNodeList
{
  GObject          parent_instance;

  /* Owned */
  MsvisNodeFinder *finder;   /* NULL while empty */
  GArray          *nodes;    /* MsvisNodeId; never NULL */
};

static void msvis_node_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MsvisNodeList, msvis_node_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      msvis_node_list_model_init))

static GType
msvis_node_list_get_item_type (GListModel *model)
{
  return MSVIS_TYPE_NODE_ITEM;
}

static guint
msvis_node_list_get_n_items (GListModel *model)
{
  return MSVIS_NODE_LIST (model)->nodes->len;
}

static gpointer
msvis_node_list_get_item (GListModel *model,
                          guint       position)
{
  MsvisNodeList *self = MSVIS_NODE_LIST (model);

  if (position >= self->nodes->len)
    return NULL;
  return msvis_node_item_new (self->finder,
                              g_array_index (self->nodes, MsvisNodeId, position));
}

static void
msvis_node_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = msvis_node_list_get_item_type;
  iface->get_n_items = msvis_node_list_get_n_items;
  iface->get_item = msvis_node_list_get_item;
}

static void
msvis_node_list_finalize (GObject *object)
{
  MsvisNodeList *self = (MsvisNodeList *)object;

  g_clear_pointer (&self->finder, msvis_node_finder_unref);
  g_clear_pointer (&self->nodes, g_array_unref);

  G_OBJECT_CLASS (msvis_node_list_parent_class)->finalize (object);
}

static void
msvis_node_list_class_init (MsvisNodeListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = msvis_node_list_finalize;
}

static void
msvis_node_list_init (MsvisNodeList *self)
{
  self->nodes = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
}

/**
 * msvis_node_list_new:
 *
 * Returns: (transfer full): an empty list
 */
MsvisNodeList *
msvis_node_list_new (void)
{
  return g_object_new (MSVIS_TYPE_NODE_LIST, NULL);
}

/**
 * msvis_node_list_set:
 * @finder: (nullable): the side @nodes are on; NULL empties the list
 * @nodes: (nullable) (element-type MsvisNodeId): ids of @finder's graph; the list keeps a
 *   reference and never changes the array
 *
 * Replaces the whole list, with one items-changed.
 */
void
msvis_node_list_set (MsvisNodeList   *self,
                     MsvisNodeFinder *finder,
                     GArray          *nodes)
{
  guint removed;

  g_return_if_fail (MSVIS_IS_NODE_LIST (self));
  g_return_if_fail (finder != NULL || nodes == NULL || nodes->len == 0);

  removed = self->nodes->len;
  if (finder != NULL)
    msvis_node_finder_ref (finder);
  g_clear_pointer (&self->finder, msvis_node_finder_unref);
  self->finder = finder;
  g_array_unref (self->nodes);
  self->nodes = nodes != NULL ? g_array_ref (nodes)
                              : g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  if (removed != 0 || self->nodes->len != 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, self->nodes->len);
}

/**
 * msvis_node_list_get_finder:
 *
 * Returns: (transfer none) (nullable): the side the listed nodes are on
 */
MsvisNodeFinder *
msvis_node_list_get_finder (MsvisNodeList *self)
{
  g_return_val_if_fail (MSVIS_IS_NODE_LIST (self), NULL);
  return self->finder;
}

/**
 * msvis_node_list_get_node:
 *
 * Returns: the node at @position, without making a row for it
 */
MsvisNodeId
msvis_node_list_get_node (MsvisNodeList *self,
                          guint          position)
{
  g_return_val_if_fail (MSVIS_IS_NODE_LIST (self), MSVIS_NODE_ID_NONE);
  g_return_val_if_fail (position < self->nodes->len, MSVIS_NODE_ID_NONE);
  return g_array_index (self->nodes, MsvisNodeId, position);
}

/**
 * msvis_node_list_find:
 *
 * Returns: the first position of @node, or G_MAXUINT when the list does not hold it
 */
guint
msvis_node_list_find (MsvisNodeList *self,
                      MsvisNodeId    node)
{
  g_return_val_if_fail (MSVIS_IS_NODE_LIST (self), G_MAXUINT);

  for (guint i = 0; i < self->nodes->len; i++)
    if (g_array_index (self->nodes, MsvisNodeId, i) == node)
      return i;
  return G_MAXUINT;
}
