// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-display-name.h"
#include "msvis-window-private.h"

/* Following a link to a node of another rank: the window loads that rank's graph of the same
 * step from what is open (a run's .vis files, a folder, a .vis.db) and selects the node there,
 * or says why it cannot. */

struct _MsvisWindowJump
{
  MsvisVisGraphKey  key;
  char             *node_name;
  gboolean          is_bench;
};

void
_msvis_window_jump_free (MsvisWindowJump *jump)
{
  g_free (jump->node_name);
  g_free (jump);
}

static void
toast (MsvisWindow *self,
       const char  *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
select_named (MsvisWindow *self,
              gint         rank,
              const char  *node_name,
              gboolean     is_bench)
{
  MsvisGraph *graph = msvis_vis_document_get_graph (self->doc, is_bench);
  MsvisNodeId node = graph ? msvis_graph_lookup (graph, node_name) : MSVIS_NODE_ID_NONE;
  g_autofree char *message = NULL;

  if (node == MSVIS_NODE_ID_NONE)
    {
      g_autofree char *shown = msvis_display_name (node_name);

      /* translators: %d is a rank, %s a node name */
      message = g_strdup_printf (_("Rank %d has no node %s"), rank, shown);
      toast (self, message);
      return;
    }
  msvis_compare_view_select (self->compare_view, is_bench, node);
  gtk_widget_grab_focus (GTK_WIDGET (msvis_compare_view_get_canvas (self->compare_view,
                                                                    is_bench)));
}

/**
 * _msvis_window_jump_to_rank:
 * @node_name: the node's id in @rank's graph
 * @is_bench: the side the node is on
 *
 * Loads @rank's graph of the current step when it is not the one shown, then selects, reveals
 * and centres @node_name. A rank that what is open does not have is said in a toast.
 */
void
_msvis_window_jump_to_rank (MsvisWindow *self,
                            gint         rank,
                            const char  *node_name,
                            gboolean     is_bench)
{
  const GArray *graphs;
  g_autofree char *message = NULL, *shown = NULL;

  g_return_if_fail (MSVIS_IS_WINDOW (self));

  if (self->doc == NULL || self->source == NULL)
    return;
  g_clear_pointer (&self->jump, _msvis_window_jump_free);
  if (msvis_vis_document_get_rank (self->doc) == rank)
    {
      select_named (self, rank, node_name, is_bench);
      return;
    }

  graphs = msvis_vis_source_get_graphs (self->source);
  for (guint i = 0; i < graphs->len; i++)
    {
      const MsvisVisGraphKey *key = &g_array_index (graphs, MsvisVisGraphKey, i);

      if (key->step == msvis_vis_document_get_step (self->doc) && key->rank == rank)
        {
          self->jump = g_new0 (MsvisWindowJump, 1);
          self->jump->key = *key;
          self->jump->node_name = g_strdup (node_name);
          self->jump->is_bench = is_bench;
          _msvis_window_load_graph (self, *key);
          return;
        }
    }
  shown = msvis_display_name (node_name);
  /* translators: the first %s is a node name, %d a rank; what is open has no such rank */
  message = g_strdup_printf (_("%s is on rank %d, which is not in what is open: open that "
                               "rank’s result to see it"), shown, rank);
  toast (self, message);
}

/* Called when a document was set: the jump waiting for it selects its node. Another load
 * (the user chose a rank meanwhile) drops it. */
void
_msvis_window_jump_finish (MsvisWindow *self)
{
  MsvisWindowJump *jump = g_steal_pointer (&self->jump);

  if (jump == NULL)
    return;
  if (msvis_vis_document_get_step (self->doc) == jump->key.step
      && msvis_vis_document_get_rank (self->doc) == jump->key.rank
      && (!jump->is_bench || msvis_vis_document_get_bench (self->doc) != NULL))
    select_named (self, jump->key.rank, jump->node_name, jump->is_bench);
  _msvis_window_jump_free (jump);
}
