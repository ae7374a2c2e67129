// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"


#include "msvis-node-finder.h"
#include "msvis-peer-levels.h"

/* A rank's graph costs as much memory as the one shown: keep only a few. */
#define MAX_KEPT 4

typedef struct
{
  MsvisVisGraphKey  key;
  MsvisNodeFinder  *finder;   /* holds its document */
} Kept;

struct _MsvisPeerLevels
{
  gint            ref_count;
  MsvisVisSource *source;
  GMutex          lock;       /* guards kept */
  GArray         *kept;       /* Kept, oldest first */
};

static void
kept_clear (gpointer data)
{
  Kept *kept = data;

  g_clear_pointer (&kept->finder, msvis_node_finder_unref);
}

MsvisPeerLevels *
msvis_peer_levels_new (MsvisVisSource *source)
{
  MsvisPeerLevels *self = g_new0 (MsvisPeerLevels, 1);

  g_return_val_if_fail (source != NULL, NULL);

  self->ref_count = 1;
  self->source = msvis_vis_source_ref (source);
  g_mutex_init (&self->lock);
  self->kept = g_array_new (FALSE, TRUE, sizeof (Kept));
  g_array_set_clear_func (self->kept, kept_clear);
  return self;
}

MsvisPeerLevels *
msvis_peer_levels_ref (MsvisPeerLevels *self)
{
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
msvis_peer_levels_unref (MsvisPeerLevels *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_array_unref (self->kept);
  g_mutex_clear (&self->lock);
  msvis_vis_source_unref (self->source);
  g_free (self);
}

static MsvisNodeFinder *
lookup_kept (MsvisPeerLevels  *self,
             MsvisVisGraphKey  key)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&self->lock);

  for (guint i = 0; i < self->kept->len; i++)
    {
      Kept *kept = &g_array_index (self->kept, Kept, i);

      if (kept->key.step == key.step && kept->key.rank == key.rank)
        return msvis_node_finder_ref (kept->finder);
    }
  return NULL;
}

/* Reads the graph outside the lock: two threads may read the same one, and the second keeps
 * its own copy out. */
static MsvisNodeFinder *
ensure_finder (MsvisPeerLevels   *self,
               MsvisVisGraphKey   key,
               GCancellable      *cancellable,
               GError           **error)
{
  MsvisNodeFinder *finder = lookup_kept (self, key);
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(GMutexLocker) locker = NULL;
  Kept kept;

  if (finder != NULL)
    return finder;
  doc = msvis_vis_source_load (self->source, key, cancellable, error);
  if (doc == NULL)
    return NULL;
  finder = msvis_node_finder_new (doc, FALSE);
  locker = g_mutex_locker_new (&self->lock);
  if (self->kept->len == MAX_KEPT)
    g_array_remove_index (self->kept, 0);
  kept = (Kept) { key, msvis_node_finder_ref (finder) };
  g_array_append_val (self->kept, kept);
  return finder;
}

static gboolean
has_graph (MsvisPeerLevels  *self,
           MsvisVisGraphKey  key)
{
  const GArray *graphs = msvis_vis_source_get_graphs (self->source);

  for (guint i = 0; i < graphs->len; i++)
    {
      const MsvisVisGraphKey *k = &g_array_index (graphs, MsvisVisGraphKey, i);

      if (k->step == key.step && k->rank == key.rank)
        return TRUE;
    }
  return FALSE;
}

/**
 * msvis_peer_levels_lookup:
 * @step: the step of the graph that names the peer
 * @rank: the peer's rank
 * @name: the peer node's id in that rank's NPU graph
 * @color: (out) (optional): its fill, "#RRGGBB", or NULL when its graph gives it none
 * @label: (out) (optional): the Legend's name of its colour ("Error", "Unmatched")
 *
 * Reads @rank's graph of @step the first time it is asked for, which may take as long as
 * opening it; call it on a worker.
 *
 * Returns: %FALSE when the run has no such graph or node (no error) or the graph could not be
 *   read (@error set)
 */
gboolean
msvis_peer_levels_lookup (MsvisPeerLevels  *self,
                          gint              step,
                          gint              rank,
                          const char       *name,
                          char            **color,
                          char            **label,
                          GCancellable     *cancellable,
                          GError          **error)
{
  MsvisVisGraphKey key = { step, rank };
  g_autoptr(MsvisNodeFinder) finder = NULL;
  MsvisNodeId node;
  int bucket;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (color != NULL)
    *color = NULL;
  if (label != NULL)
    *label = NULL;
  if (!has_graph (self, key))
    return FALSE;
  finder = ensure_finder (self, key, cancellable, error);
  if (finder == NULL)
    return FALSE;
  node = msvis_graph_lookup (msvis_node_finder_get_graph (finder), name);
  if (node == MSVIS_NODE_ID_NONE)
    return FALSE;
  bucket = msvis_node_finder_get_bucket (finder, node);
  if (color != NULL)
    *color = g_strdup (msvis_node_finder_get_bucket_color (finder, bucket));
  if (label != NULL)
    *label = msvis_node_finder_dup_bucket_label (finder, bucket);
  return TRUE;
}

static void
peer_free (gpointer data)
{
  MsvisPeer *peer = data;

  g_free (peer->name);
  g_free (peer->color);
  g_free (peer->label);
  g_free (peer);
}

/* Returns: (transfer full) (element-type MsvisPeer): an empty list of peers */
GPtrArray *
msvis_peers_new (void)
{
  return g_ptr_array_new_with_free_func (peer_free);
}

void
msvis_peers_add (GPtrArray  *peers,
                 gint        rank,
                 const char *name)
{
  MsvisPeer *peer = g_new0 (MsvisPeer, 1);

  peer->rank = rank;
  peer->name = g_strdup (name);
  g_ptr_array_add (peers, peer);
}

/* One matched_distributed object: {communications_type, nodes_info: {rank: [index, name]}}. */
static void
add_object (GPtrArray            *peers,
            const MsvisJsonValue *object)
{
  const MsvisJsonValue *nodes = msvis_json_value_get_member (object, "nodes_info");

  if (nodes == NULL || nodes->kind != MSVIS_JSON_OBJECT)
    return;
  msvis_json_value_foreach (entry, nodes)
    {
      g_autofree char *rank = g_strndup (entry->key, entry->key_len);
      const char *name = entry->kind == MSVIS_JSON_ARRAY && entry->n == 2
                         ? msvis_json_value_get_string (entry->last) : NULL;
      gint64 number;

      if (name != NULL && g_ascii_string_to_signed (rank, 10, 0, G_MAXINT, &number, NULL))
        msvis_peers_add (peers, (gint) number, name);
    }
}

/**
 * msvis_peers_add_distributed:
 * @info: (nullable): a node's matched_distributed (vis-format.md §4.9): one object, or a list
 *   of them for batch_isend_irecv
 *
 * Adds the peers @info names, in its order.
 */
void
msvis_peers_add_distributed (GPtrArray            *peers,
                             const MsvisJsonValue *info)
{
  if (info != NULL && info->kind == MSVIS_JSON_ARRAY)
    {
      msvis_json_value_foreach (object, info)
        if (object->kind == MSVIS_JSON_OBJECT)
          add_object (peers, object);
    }
  else if (info != NULL && info->kind == MSVIS_JSON_OBJECT)
    add_object (peers, info);
}

typedef struct
{
  GPtrArray *peers;
  gint       step;
} ColorWork;

static void
color_work_free (gpointer data)
{
  ColorWork *work = data;

  g_ptr_array_unref (work->peers);
  g_free (work);
}

static void
color_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  MsvisPeerLevels *self = g_object_get_data (G_OBJECT (task), "msvis-peer-levels");
  ColorWork *work = task_data;

  for (guint i = 0; i < work->peers->len; i++)
    {
      MsvisPeer *peer = g_ptr_array_index (work->peers, i);
      g_autoptr(GError) error = NULL;

      if (!msvis_peer_levels_lookup (self, work->step, peer->rank, peer->name, &peer->color,
                                     &peer->label, cancellable, &error) && error != NULL)
        g_debug ("No colour for %s on rank %d: %s", peer->name, peer->rank, error->message);
    }
  g_task_return_boolean (task, TRUE);
}

/**
 * msvis_peer_levels_color_async:
 * @peers: (element-type MsvisPeer): filled in on a worker; not to be read before the callback
 *
 * msvis_peer_levels_lookup() for each of @peers, on a worker.
 */
void
msvis_peer_levels_color_async (MsvisPeerLevels     *self,
                               gint                 step,
                               GPtrArray           *peers,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ColorWork *work = g_new0 (ColorWork, 1);

  work->peers = g_ptr_array_ref (peers);
  work->step = step;
  /* A task's source object is a GObject: the levels ride on the task as object data. */
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, msvis_peer_levels_color_async);
  g_task_set_name (task, "[msvis] peer colours");
  g_task_set_task_data (task, work, color_work_free);
  g_object_set_data_full (G_OBJECT (task), "msvis-peer-levels", msvis_peer_levels_ref (self),
                          (GDestroyNotify) msvis_peer_levels_unref);
  g_task_run_in_thread (task, color_thread);
}

gboolean
msvis_peer_levels_color_finish (MsvisPeerLevels  *self,
                                GAsyncResult     *result,
                                GError          **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
