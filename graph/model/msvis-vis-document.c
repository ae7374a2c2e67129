// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "msvis-graph-unattached.h"
#include "msvis-json-scanner.h"
#include "msvis-merged-ranks.h"
#include "msvis-vis-document.h"

struct _MsvisVisDocument
{
  gboolean        is_compare;
  MsvisGraph     *npu;              /* the only graph of a build */
  MsvisGraph     *bench;            /* NULL in a build */
  char           *task;             /* NULL when the file has none */
  char           *tooltip;          /* the ToolTip JSON text; NULL when absent */
  MsvisJsonValue *colors;           /* in arena; NULL when absent */
  gboolean        has_micro_steps;  /* MicroSteps itself is the graphs' micro_steps */
  gboolean        overflow_check;   /* TRUE when absent, as tb_graph_ascend reads it */
  gboolean        has_overflow_check;
  GHashTable     *npu_match_nodes;  /* NPU id -> Bench id, saved by tb_graph_ascend; or NULL */
  GHashTable     *bench_match_nodes;
  gint            step;             /* -1 when the source does not say */
  gint            rank;
  gboolean        replica;   /* rank is the number of a July merged{i}.vis, not a device */
  MsvisArena     *arena;

  gint             ref_count;       /* the window, its panes and workers share a document */
  MsvisVisLoadNode load_node;
  gpointer         source;
  GDestroyNotify   source_free;
  GRecMutex        lock;
  GByteArray      *npu_loaded;      /* one byte per node; NULL: everything is in the graph */
  GByteArray      *bench_loaded;
  gsize            links_once;      /* bench_links is made */
  MsvisNodeId     *bench_links;     /* per Bench node: its own link, else the NPU node's */
  gsize            tooltip_once;    /* tooltip_entries is made */
  GArray          *tooltip_entries; /* MsvisTooltipEntry, strings in arena */
};

G_DEFINE_BOXED_TYPE (MsvisVisDocument, msvis_vis_document,
                     msvis_vis_document_ref, msvis_vis_document_unref)

MsvisVisDocument *
msvis_vis_document_new (void)
{
  MsvisVisDocument *self = g_new0 (MsvisVisDocument, 1);

  self->ref_count = 1;
  self->overflow_check = TRUE;
  self->step = -1;
  self->rank = -1;
  self->arena = msvis_arena_new ();
  g_rec_mutex_init (&self->lock);

  return self;
}

MsvisVisDocument *
msvis_vis_document_ref (MsvisVisDocument *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
msvis_vis_document_unref (MsvisVisDocument *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&self->ref_count))
    return;

  g_clear_object (&self->npu);
  g_clear_object (&self->bench);
  g_free (self->task);
  g_free (self->tooltip);
  g_clear_pointer (&self->npu_match_nodes, g_hash_table_unref);
  g_clear_pointer (&self->bench_match_nodes, g_hash_table_unref);
  if (self->source_free != NULL)
    self->source_free (self->source);
  g_clear_pointer (&self->npu_loaded, g_byte_array_unref);
  g_clear_pointer (&self->bench_loaded, g_byte_array_unref);
  g_free (self->bench_links);
  g_clear_pointer (&self->tooltip_entries, g_array_unref);
  msvis_arena_free (self->arena);
  g_rec_mutex_clear (&self->lock);
  g_free (self);
}

static GByteArray *
new_flags (MsvisGraph *graph)
{
  guint n = graph ? msvis_graph_get_n_nodes (graph) : 0;
  GByteArray *flags = g_byte_array_sized_new (n);

  g_byte_array_set_size (flags, n);
  if (n > 0)
    memset (flags->data, 0, n);
  return flags;
}

/**
 * msvis_vis_document_set_loader:
 *
 * Says that the graphs hold no node data yet and @load_node reads it. Call once both graphs
 * have all their nodes.
 */
void
msvis_vis_document_set_loader (MsvisVisDocument *self,
                               MsvisVisLoadNode  load_node,
                               gpointer          source,
                               GDestroyNotify    source_free)
{
  g_return_if_fail (self->load_node == NULL);

  self->load_node = load_node;
  self->source = source;
  self->source_free = source_free;
  self->npu_loaded = new_flags (self->npu);
  self->bench_loaded = new_flags (self->bench);
}

/**
 * msvis_vis_document_ensure_node_data:
 *
 * Makes sure @node's input_data, output_data and stack_info are in @graph. Safe to call from
 * any thread; the graph itself is not locked, so nothing may read items of @graph on another
 * thread meanwhile.
 */
gboolean
msvis_vis_document_ensure_node_data (MsvisVisDocument  *self,
                                     MsvisGraph        *graph,
                                     MsvisNodeId        node,
                                     GError           **error)
{
  g_autoptr(GRecMutexLocker) locker = NULL;
  GByteArray *flags;

  g_return_val_if_fail (graph == self->npu || graph == self->bench, FALSE);

  if (self->load_node == NULL)
    return TRUE;

  flags = graph == self->npu ? self->npu_loaded : self->bench_loaded;
  /* A viewer's Unattached group is not in the file: it has no data to read. */
  if (node >= flags->len && msvis_graph_node_is_synthetic (graph, node))
    return TRUE;
  g_return_val_if_fail (node < flags->len, FALSE);

  locker = g_rec_mutex_locker_new (&self->lock);
  if (flags->data[node])
    return TRUE;
  if (!self->load_node (self->source, graph, node, error))
    return FALSE;
  flags->data[node] = 1;
  return TRUE;
}

/**
 * msvis_vis_document_read_node_data:
 * @read: called once, on this thread
 *
 * Reading node data (items, fields, stacks) on one thread while another may be loading some
 * (a search, an export, the details of another node) could see the graphs' arrays being
 * moved: @read runs while no loading happens, for any node of either graph. Load what @read
 * needs first with msvis_vis_document_ensure_node_data().
 *
 * Returns: what @read returned
 */
gpointer
msvis_vis_document_read_node_data (MsvisVisDocument     *self,
                                   MsvisVisNodeDataRead  read,
                                   gpointer              user_data)
{
  g_autoptr(GRecMutexLocker) locker = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (read != NULL, NULL);

  locker = g_rec_mutex_locker_new (&self->lock);
  return read (self, user_data);
}

/**
 * msvis_vis_document_lock:
 *
 * For changing node data or compare results (manual matching) while other threads may read
 * or load some: nothing else reads or loads until the locker is freed. The lock is
 * recursive, so node data may be loaded meanwhile on this thread.
 *
 * Returns: (transfer full): the locker, for g_autoptr(GRecMutexLocker)
 */
GRecMutexLocker *
msvis_vis_document_lock (MsvisVisDocument *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_rec_mutex_locker_new (&self->lock);
}

static gboolean
ensure_graph (MsvisVisDocument  *self,
              MsvisGraph        *graph,
              GCancellable      *cancellable,
              GError           **error)
{
  guint n = msvis_graph_get_n_nodes (graph);

  for (MsvisNodeId node = 0; node < n; node++)
    {
      if ((node & 1023) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (!msvis_vis_document_ensure_node_data (self, graph, node, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * msvis_vis_document_ensure_all_data:
 *
 * Reads the data of every node, in node order (which is file order for a .vis).
 */
gboolean
msvis_vis_document_ensure_all_data (MsvisVisDocument  *self,
                                    GCancellable      *cancellable,
                                    GError           **error)
{
  if (self->load_node == NULL)
    return TRUE;
  if (!ensure_graph (self, self->npu, cancellable, error))
    return FALSE;
  return self->bench == NULL || ensure_graph (self, self->bench, cancellable, error);
}

/* Per Bench node: its own link, else the first NPU node that names it. */
static void
fill_bench_links (MsvisVisDocument *self,
                  MsvisNodeId      *links,
                  guint             n_bench)
{
  guint n_npu = self->npu ? msvis_graph_get_n_nodes (self->npu) : 0;
  MsvisCompareResults *npu_results = self->npu ? msvis_graph_get_compare_results (self->npu)
                                               : NULL;
  MsvisCompareResults *bench_results = self->bench
                                       ? msvis_graph_get_compare_results (self->bench) : NULL;

  for (MsvisNodeId node = 0; node < n_bench; node++)
    links[node] = bench_results ? msvis_compare_results_get_link (bench_results, node)
                                : MSVIS_NODE_ID_NONE;
  for (MsvisNodeId node = n_npu; npu_results != NULL && node-- > 0;)
    {
      MsvisNodeId target = msvis_compare_results_get_link (npu_results, node);

      if (target < n_bench && (bench_results == NULL
                               || msvis_compare_results_get_link (bench_results, target)
                                  == MSVIS_NODE_ID_NONE))
        links[target] = node;
    }
}

/**
 * msvis_vis_document_index_links:
 *
 * Some files carry the links of the NPU side only (matched_node_link on NPU nodes): the Bench
 * side gets the NPU side's, once, so that a Bench node's counterpart is one read away. The
 * graphs' own compare results stay as the file had them, for the writers to give the same
 * bytes back. Thread-safe; the loaders call it on their worker, else the first
 * msvis_vis_document_get_counterpart() does.
 */
void
msvis_vis_document_index_links (MsvisVisDocument *self)
{
  guint n_bench;
  MsvisNodeId *links;

  g_return_if_fail (self != NULL);

  if (!g_once_init_enter (&self->links_once))
    return;
  n_bench = self->bench ? msvis_graph_get_n_nodes (self->bench) : 0;
  links = g_new (MsvisNodeId, MAX (n_bench, 1));
  fill_bench_links (self, links, n_bench);
  self->bench_links = links;
  g_once_init_leave (&self->links_once, 1);
}

/**
 * msvis_vis_document_links_changed:
 *
 * Links were made or undone by hand: the index of Bench counterparts follows. Only while no
 * other thread reads the document (the window holds matching back during loads and exports).
 */
void
msvis_vis_document_links_changed (MsvisVisDocument *self)
{
  g_return_if_fail (self != NULL);

  msvis_vis_document_index_links (self);
  if (self->bench != NULL)
    fill_bench_links (self, self->bench_links, msvis_graph_get_n_nodes (self->bench));
}

/**
 * msvis_vis_document_gather_unattached:
 *
 * For a viewer: the nodes of each graph that the root does not reach go under an Unattached
 * group (msvis-graph-unattached.h). Before the document is shown, while nothing else reads it.
 */
void
msvis_vis_document_gather_unattached (MsvisVisDocument *self)
{
  g_autoptr(GRecMutexLocker) locker = msvis_vis_document_lock (self);

  msvis_graph_gather_unattached (self->npu);
  if (self->bench == NULL ||
      msvis_graph_gather_unattached (self->bench) == MSVIS_NODE_ID_NONE ||
      self->bench_links == NULL)
    return;
  /* The index was made for fewer Bench nodes. */
  self->bench_links = g_renew (MsvisNodeId, self->bench_links,
                               msvis_graph_get_n_nodes (self->bench));
  fill_bench_links (self, self->bench_links, msvis_graph_get_n_nodes (self->bench));
}

/**
 * msvis_vis_document_get_bench_links:
 *
 * Returns: (nullable): per Bench node, its NPU counterpart or %MSVIS_NODE_ID_NONE (see
 *   msvis_vis_document_index_links()); %NULL in a build
 */
const MsvisNodeId *
msvis_vis_document_get_bench_links (MsvisVisDocument *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->bench == NULL)
    return NULL;
  msvis_vis_document_index_links (self);
  return self->bench_links;
}

/**
 * msvis_vis_document_get_counterpart:
 * @is_bench: whether @node is a node of the Bench graph
 *
 * Returns: the node matched with @node on the other side, or %MSVIS_NODE_ID_NONE
 */
MsvisNodeId
msvis_vis_document_get_counterpart (MsvisVisDocument *self,
                                    gboolean          is_bench,
                                    MsvisNodeId       node)
{
  MsvisCompareResults *results;

  g_return_val_if_fail (self != NULL, MSVIS_NODE_ID_NONE);

  if (self->bench == NULL || node == MSVIS_NODE_ID_NONE)
    return MSVIS_NODE_ID_NONE;
  if (is_bench)
    {
      msvis_vis_document_index_links (self);
      return node < msvis_graph_get_n_nodes (self->bench) ? self->bench_links[node]
                                                          : MSVIS_NODE_ID_NONE;
    }
  results = msvis_graph_get_compare_results (self->npu);
  return results ? msvis_compare_results_get_link (results, node) : MSVIS_NODE_ID_NONE;
}

/* msprobe's task names, in the reader's language; others as the file writes them. */
static const char *
task_name (const char *task)
{
  static const char *const known[] = {
    NC_("msprobe task", "summary"), NC_("msprobe task", "md5"), NC_("msprobe task", "all"),
    NC_("msprobe task", "tensor"), NC_("msprobe task", "statistics"),
    NC_("msprobe task", "structure"),
  };

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    if (g_str_equal (task, known[i]))
      return g_dpgettext2 (GETTEXT_PACKAGE, "msprobe task", task);
  return task;
}

/**
 * msvis_vis_document_describe:
 *
 * "Compare · summary · step 0 · rank 1 · micro step 2": the subtitle of the window, the
 * report and the pictures.
 */
char *
msvis_vis_document_describe (MsvisVisDocument *doc,
                             gint              micro_step)
{
  GString *text = g_string_new (doc->is_compare ? _("Compare") : _("Build"));
  /* A merged result carries its group's first rank: "rank 0" would hide the other ranks. */
  g_autofree char *merged = msvis_merged_ranks_describe (doc);

  if (doc->task != NULL && *doc->task != '\0')   /* a build: tb_config.task is "" */
    g_string_append_printf (text, " · %s", task_name (doc->task));
  if (doc->step >= 0)
    {
      g_string_append (text, " · ");
      /* translators: %d is a training step */
      g_string_append_printf (text, _("step %d"), doc->step);
    }
  if (merged != NULL)
    g_string_append_printf (text, " · %s", merged);
  else if (doc->replica && doc->rank >= 0)
    {
      g_string_append (text, " · ");
      /* translators: %d numbers the graphs a parallel merge writes, one per data-parallel
       * replica (msprobe's build_merged0…vis) */
      g_string_append_printf (text, _("merged graph %d"), doc->rank);
    }
  else if (doc->rank >= 0)
    {
      g_string_append (text, " · ");
      /* translators: %d is a rank (device number) */
      g_string_append_printf (text, _("rank %d"), doc->rank);
    }
  if (micro_step >= 0)
    {
      g_string_append (text, " · ");
      /* translators: %d is a micro step (one pass of gradient accumulation) */
      g_string_append_printf (text, _("micro step %d"), micro_step);
    }
  return g_string_free (text, FALSE);
}

gboolean
msvis_vis_document_is_compare (MsvisVisDocument *self)
{
  return self->is_compare;
}

MsvisGraph *
msvis_vis_document_get_npu (MsvisVisDocument *self)
{
  return self->npu;
}

/**
 * msvis_vis_document_get_bench:
 *
 * Returns: (nullable): the Bench graph; %NULL in a build
 */
MsvisGraph *
msvis_vis_document_get_bench (MsvisVisDocument *self)
{
  return self->bench;
}

/* Returns: (nullable): the Bench graph if @bench, else the NPU graph */
MsvisGraph *
msvis_vis_document_get_graph (MsvisVisDocument *self,
                              gboolean          bench)
{
  return bench ? self->bench : self->npu;
}

const char *
msvis_vis_document_get_task (MsvisVisDocument *self)
{
  return self->task;
}

const char *
msvis_vis_document_get_tooltip (MsvisVisDocument *self)
{
  return self->tooltip;
}

const MsvisJsonValue *
msvis_vis_document_get_colors (MsvisVisDocument *self)
{
  return self->colors;
}

gboolean
msvis_vis_document_has_micro_steps (MsvisVisDocument *self)
{
  return self->has_micro_steps;
}

/* TRUE when the file does not say, as tb_graph_ascend reads it. */
gboolean
msvis_vis_document_get_overflow_check (MsvisVisDocument *self)
{
  return self->overflow_check;
}

gboolean
msvis_vis_document_has_overflow_check (MsvisVisDocument *self)
{
  return self->has_overflow_check;
}

GHashTable *
msvis_vis_document_get_npu_match_nodes (MsvisVisDocument *self)
{
  return self->npu_match_nodes;
}

GHashTable *
msvis_vis_document_get_bench_match_nodes (MsvisVisDocument *self)
{
  return self->bench_match_nodes;
}

gint
msvis_vis_document_get_step (MsvisVisDocument *self)
{
  return self->step;
}

gint
msvis_vis_document_get_rank (MsvisVisDocument *self)
{
  return self->rank;
}

MsvisArena *
msvis_vis_document_get_arena (MsvisVisDocument *self)
{
  return self->arena;
}

void
msvis_vis_document_set_compare (MsvisVisDocument *self,
                                gboolean          is_compare)
{
  self->is_compare = is_compare;
}

/**
 * msvis_vis_document_set_graphs:
 * @npu: (transfer full)
 * @bench: (transfer full) (nullable)
 */
void
msvis_vis_document_set_graphs (MsvisVisDocument *self,
                               MsvisGraph       *npu,
                               MsvisGraph       *bench)
{
  g_return_if_fail (self->load_node == NULL);

  g_clear_object (&self->npu);
  g_clear_object (&self->bench);
  self->npu = npu;
  self->bench = bench;
}

void
msvis_vis_document_set_task (MsvisVisDocument *self,
                             const char       *task)
{
  g_free (self->task);
  self->task = g_strdup (task);
}

void
msvis_vis_document_set_tooltip (MsvisVisDocument *self,
                                const char       *tooltip)
{
  g_return_if_fail (self->tooltip_once == 0);

  g_free (self->tooltip);
  self->tooltip = g_strdup (tooltip);
}

/* @colors: held in the document's arena (msvis_vis_document_get_arena()) */
void
msvis_vis_document_set_colors (MsvisVisDocument *self,
                               MsvisJsonValue   *colors)
{
  self->colors = colors;
}

void
msvis_vis_document_set_has_micro_steps (MsvisVisDocument *self,
                                        gboolean          has_micro_steps)
{
  self->has_micro_steps = has_micro_steps;
}

/* The file says whether it was made with -oc. */
void
msvis_vis_document_set_overflow_check (MsvisVisDocument *self,
                                       gboolean          overflow_check)
{
  self->overflow_check = overflow_check;
  self->has_overflow_check = TRUE;
}

/**
 * msvis_vis_document_set_match_nodes:
 * @npu_match_nodes: (transfer full) (nullable): NPU name -> Bench name, as tb_graph_ascend
 *   saves the matches made by hand
 * @bench_match_nodes: (transfer full) (nullable)
 */
void
msvis_vis_document_set_match_nodes (MsvisVisDocument *self,
                                    GHashTable       *npu_match_nodes,
                                    GHashTable       *bench_match_nodes)
{
  g_clear_pointer (&self->npu_match_nodes, g_hash_table_unref);
  g_clear_pointer (&self->bench_match_nodes, g_hash_table_unref);
  self->npu_match_nodes = npu_match_nodes;
  self->bench_match_nodes = bench_match_nodes;
}

void
msvis_vis_document_set_step_rank (MsvisVisDocument *self,
                                  gint              step,
                                  gint              rank)
{
  self->step = step;
  self->rank = rank;
}

/* A July parallel merge's merged{i}.vis: its rank is i, a data-parallel replica. */
void
msvis_vis_document_set_merged_replica (MsvisVisDocument *self,
                                       gboolean          replica)
{
  self->replica = replica;
}

gboolean
msvis_vis_document_get_merged_replica (MsvisVisDocument *self)
{
  return self->replica;
}

static GArray *
parse_tooltip (MsvisVisDocument *self)
{
  GArray *entries = g_array_new (FALSE, FALSE, sizeof (MsvisTooltipEntry));
  g_autoptr(GHashTable) seen = NULL;
  g_autoptr(MsvisJsonScanner) scanner = NULL;
  g_autoptr(GError) error = NULL;
  MsvisJsonValue *root = NULL;
  MsvisJsonToken token;

  if (self->tooltip == NULL)
    return entries;
  scanner = msvis_json_scanner_new_for_spans ("ToolTip");
  msvis_json_scanner_set_span (scanner, self->tooltip, strlen (self->tooltip), 0);
  if (msvis_json_scanner_next (scanner, &token, &error))
    root = msvis_json_value_read (self->arena, scanner, token, &error);
  if (root == NULL || root->kind != MSVIS_JSON_OBJECT)
    {
      /* A file without a readable ToolTip simply has no column explanations. */
      g_debug ("ToolTip is not a JSON object: %s", error ? error->message : "");
      return entries;
    }
  seen = g_hash_table_new (g_str_hash, g_str_equal);
  msvis_json_value_foreach (member, root)
    {
      MsvisTooltipEntry entry = { msvis_arena_strndup (self->arena, member->key,
                                                       member->key_len), member->s };
      gpointer index;

      if (member->kind != MSVIS_JSON_STRING)
        continue;
      /* A name given twice keeps its first place and its last text, as in a Python dict. */
      if (g_hash_table_lookup_extended (seen, entry.name, NULL, &index))
        g_array_index (entries, MsvisTooltipEntry, GPOINTER_TO_UINT (index)).text = entry.text;
      else
        {
          g_hash_table_insert (seen, (gpointer) entry.name, GUINT_TO_POINTER (entries->len));
          g_array_append_val (entries, entry);
        }
    }
  return entries;
}

/**
 * msvis_vis_document_get_tooltip_entries:
 *
 * ToolTip is a JSON object in a string, {metric name: explanation}, in msprobe's column
 * order (§4.7). Thread-safe.
 *
 * Returns: (array length=n_entries): the entries in file order
 */
const MsvisTooltipEntry *
msvis_vis_document_get_tooltip_entries (MsvisVisDocument *self,
                                        guint            *n_entries)
{
  if (g_once_init_enter (&self->tooltip_once))
    {
      g_autoptr(GRecMutexLocker) locker = g_rec_mutex_locker_new (&self->lock);

      self->tooltip_entries = parse_tooltip (self);
      g_once_init_leave (&self->tooltip_once, 1);
    }
  *n_entries = self->tooltip_entries->len;
  return (const MsvisTooltipEntry *) (gpointer) self->tooltip_entries->data;
}
