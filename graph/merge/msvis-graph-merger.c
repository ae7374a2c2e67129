// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-graph-merger-private.h"

/* GraphMerger: compare.json's parallel_merge read and checked, the strategy its sizes call
 * for (_select_strategy), and the merge run with the ranks' and the groups' work spread over
 * a thread pool. */

G_DEFINE_QUARK (msvis-merge-error-quark, msvis_merge_error)

typedef struct
{
  const MsvisMergeParams *params;
  gboolean                is_bench;
  const char             *config_path;
  GPtrArray              *mergers;   /* Merger *, all freed at the end */
  MergeGraph            **graphs;    /* by input order, which is rank order */
  guint                   n;
} Run;

static Merger *
merger_new (Run *run)
{
  Merger *m = g_new0 (Merger, 1);

  m->params = run->params;
  m->is_bench = run->is_bench;
  m->config_path = run->config_path;
  m->arena = msvis_arena_new ();
  m->strings = g_string_chunk_new (64 * 1024);
  g_ptr_array_add (run->mergers, m);
  return m;
}

static void
merger_free (gpointer data)
{
  Merger *m = data;

  msvis_arena_free (m->arena);
  g_string_chunk_free (m->strings);
  g_clear_pointer (&m->reprs, g_hash_table_unref);
  g_free (m);
}

/* A Python-style repr of a parameter's value, for messages. */
static char *
value_text (const MsvisJsonValue *value)
{
  if (value == NULL)
    return g_strdup ("null");
  switch (value->kind)
    {
    case MSVIS_JSON_INT:
      return g_strdup_printf ("%" G_GINT64_FORMAT, value->i);
    case MSVIS_JSON_FLOAT:
      return g_strdup_printf ("%g", value->f);
    case MSVIS_JSON_STRING:
      return g_strdup_printf ("\"%s\"", value->s);
    case MSVIS_JSON_BOOL:
      return g_strdup (value->b ? "true" : "false");
    case MSVIS_JSON_NULL:
      return g_strdup ("null");
    case MSVIS_JSON_ARRAY:
      return g_strdup ("[…]");
    case MSVIS_JSON_OBJECT:
      return g_strdup ("{…}");
    case MSVIS_JSON_BIGINT:
    default:
      return g_strdup (value->s ? value->s : "?");
    }
}

static gboolean
read_size (const MsvisJsonValue  *config,
           const char            *side,
           const char            *key,
           gint                   fallback,
           const char            *config_path,
           gint                  *out,
           GError               **error)
{
  const MsvisJsonValue *value = msvis_json_value_get_member (config, key);
  g_autofree char *text = NULL;

  if (value == NULL && fallback > 0)
    {
      *out = fallback;
      return TRUE;
    }
  if (value != NULL && value->kind == MSVIS_JSON_INT && value->i >= 1 && value->i <= 1000000)
    {
      *out = (gint)value->i;
      return TRUE;
    }
  text = value_text (value);
  g_set_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS,
               /* translators: compare.json's path, "npu" or "bench", a key such as tp, and the
                * value found there */
               _("%s: “parallel_merge.%s.%s” must be a whole number of 1 or more, not %s"),
               config_path, side, key, value ? text : _("missing"));
  return FALSE;
}

/**
 * msvis_merge_params_parse:
 * @parallel_merge: compare.json's "parallel_merge" object
 * @side: "npu" or "bench"
 * @with_vpp: read "vpp" too; msprobe reads it for a compare, not for a build
 *
 * load_parallel_param: rank_size, tp and pp are required, vpp defaults to 1.
 */
gboolean
msvis_merge_params_parse (const MsvisJsonValue  *parallel_merge,
                          const char            *side,
                          gboolean               with_vpp,
                          const char            *config_path,
                          MsvisMergeParams      *params,
                          GError               **error)
{
  const MsvisJsonValue *config = msvis_json_value_get_member (parallel_merge, side);

  if (config == NULL || config->kind != MSVIS_JSON_OBJECT || config->n == 0)
    {
      g_set_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS,
                   /* translators: compare.json's path, then "npu" or "bench" */
                   _("%s: “parallel_merge.%s” must be an object such as "
                     "{\"rank_size\": 8, \"tp\": 2, \"pp\": 4}"), config_path, side);
      return FALSE;
    }
  params->vpp = 1;
  params->era = MSVIS_ERA_2025_07;
  params->order = NULL;
  return read_size (config, side, "rank_size", 0, config_path, &params->rank_size, error) &&
         read_size (config, side, "tp", 0, config_path, &params->tp, error) &&
         read_size (config, side, "pp", 0, config_path, &params->pp, error) &&
         (!with_vpp || read_size (config, side, "vpp", 1, config_path, &params->vpp, error));
}

/**
 * msvis_merge_params_check:
 * @n_ranks: how many rank folders the dump has
 *
 * validate_parallel_param, and that tp × pp divides rank_size, which every
 * data-parallel layout needs.
 */
gboolean
msvis_merge_params_check (const MsvisMergeParams  *p,
                          guint                    n_ranks,
                          const char              *config_path,
                          const char              *side,
                          GError                 **error)
{
  if ((guint)p->rank_size != n_ranks)
    g_set_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS,
                 /* translators: compare.json's path, "npu" or "bench", then two numbers */
                 _("%s: “parallel_merge.%s.rank_size” is %d, but the dump has %u rank folders"),
                 config_path, side, p->rank_size, n_ranks);
  else if (p->tp > p->rank_size || p->pp > p->rank_size ||
           p->rank_size % (p->tp * p->pp) != 0)
    g_set_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS,
                 /* translators: compare.json's path, "npu" or "bench", then tp, pp and
                  * rank_size */
                 _("%s: “parallel_merge.%s”: tp × pp = %d × %d does not divide rank_size %d"),
                 config_path, side, p->tp, p->pp, p->rank_size);
  else if (p->vpp > 1 && p->pp < 2)
    g_set_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS,
                 /* translators: compare.json's path, "npu" or "bench", then vpp */
                 _("%s: “parallel_merge.%s.vpp” is %d, which needs a “pp” of 2 or more"),
                 config_path, side, p->vpp);
  else
    return TRUE;
  return FALSE;
}

/* Jobs on the thread pool */

typedef struct _Job Job;
typedef gboolean (*JobFunc) (Job *job, GError **error);

struct _Job
{
  Run          *run;
  Merger       *m;
  JobFunc       func;
  MergeGraph  **graphs;   /* the group's, or one to load */
  guint         n;
  GHashTable   *mapping;
  MsvisGraph   *load;      /* merge_load: the graph, its rank in rank */
  gint          rank;
  MsvisGraph   *emitted;   /* merge_emit: the result */
  GError       *error;
};

static void
job_run (gpointer data,
         gpointer user_data)
{
  Job *job = data;

  job->func (job, &job->error);
}

/* Runs the jobs on up to one thread per processor; the first error wins. */
static gboolean
run_jobs (Job     *jobs,
          guint    n,
          gboolean parallel,
          GError **error)
{
  guint threads = MIN (g_get_num_processors (), n);
  gboolean ok = TRUE;

  if (!parallel || threads <= 1)
    for (guint i = 0; i < n; i++)
      job_run (&jobs[i], NULL);
  else
    {
      GThreadPool *pool = g_thread_pool_new (job_run, NULL, threads, TRUE, NULL);

      for (guint i = 0; i < n; i++)
        g_thread_pool_push (pool, &jobs[i], NULL);
      g_thread_pool_free (pool, FALSE, TRUE);
    }
  for (guint i = 0; i < n; i++)
    if (jobs[i].error != NULL)
      {
        if (ok)
          g_propagate_error (error, g_steal_pointer (&jobs[i].error));
        g_clear_error (&jobs[i].error);
        ok = FALSE;
      }
  return ok;
}

/* Groups that share a rank change the same graph: they run one after the other. */
static gboolean
disjoint (Job  *jobs,
          guint n)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < jobs[i].n; j++)
      if (!g_hash_table_add (seen, jobs[i].graphs[j]))
        return FALSE;
  return TRUE;
}

static gboolean
job_load (Job     *job,
          GError **error)
{
  job->graphs[0] = merge_graph_load (job->m, job->load, job->rank);
  return TRUE;
}

static gboolean
job_emit (Job     *job,
          GError **error)
{
  job->emitted = merge_graph_emit (job->graphs[0]);
  return TRUE;
}

static gboolean
job_tp_group (Job     *job,
              GError **error)
{
  merge_api_collections (job->m, job->graphs, job->n);
  return merge_tp_graphs (job->m, job->graphs, job->n, job->mapping, error);
}

static gboolean
job_pp_group (Job     *job,
              GError **error)
{
  merge_api_collections (job->m, job->graphs, job->n);
  return merge_pp_graphs (job->m, job->graphs, job->n, error);
}

static gboolean
job_pp_only (Job     *job,
             GError **error)
{
  return merge_pp_graphs (job->m, job->graphs, job->n, error);
}

static gboolean
job_tp_list (Job     *job,
             GError **error)
{
  if (!job_tp_group (job, error))
    return FALSE;
  merge_sort_api_collections (job->m, job->graphs[0]);
  return TRUE;
}

/* One job per group, on the graphs of the group. */
static Job *
group_jobs (Run       *run,
            GPtrArray *split,
            JobFunc    func,
            GHashTable *mapping)
{
  Job *jobs = g_new0 (Job, MAX (split->len, 1));

  for (guint i = 0; i < split->len; i++)
    {
      GPtrArray *members = g_ptr_array_index (split, i);

      jobs[i] = (Job) { run, merger_new (run), func, (MergeGraph **)members->pdata, members->len,
                        mapping };
    }
  return jobs;
}

/* Each group's first graph, once merged, and nothing of a group without ranks. */
static gboolean
merge_groups (Run        *run,
              GPtrArray  *split,
              JobFunc     func,
              GHashTable *mapping,
              GPtrArray  *results,
              GError    **error)
{
  g_autofree Job *jobs = group_jobs (run, split, func, mapping);

  if (!run_jobs (jobs, split->len, disjoint (jobs, split->len), error))
    return FALSE;
  for (guint i = 0; i < split->len; i++)
    if (jobs[i].n > 0)
      g_ptr_array_add (results, jobs[i].graphs[0]);
  return TRUE;
}

/* The groups found in the data, else the default ones. msprobe 26 takes the default ones too
 * when the first group found is not tp (pp) long, and lays them out in --order. */
static GPtrArray *
groups_or_default (Run        *run,
                   GPtrArray  *found,
                   gboolean    tp,
                   GError    **error)
{
  const MsvisMergeParams *p = run->params;
  GPtrArray *tp_groups, *pp_groups;

  if (found->len > 0 &&
      (p->era != MSVIS_ERA_2026 ||
       ((GArray *)g_ptr_array_index (found, 0))->len == (guint)(tp ? p->tp : p->pp)))
    return found;
  g_ptr_array_unref (found);
  if (p->era != MSVIS_ERA_2026)
    merge_default_groups (p, &tp_groups, &pp_groups);
  else if (!merge_default_groups_ordered (p, &tp_groups, &pp_groups, error))
    return NULL;
  if (tp)
    {
      g_ptr_array_unref (pp_groups);
      return tp_groups;
    }
  g_ptr_array_unref (tp_groups);
  return pp_groups;
}

/* tp_merge_mapping: each tensor-parallel group but the first, its first rank standing for
 * the others. */
static GHashTable *
tp_mapping (GPtrArray *tp_groups)
{
  GHashTable *mapping = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify)g_array_unref);

  for (guint i = 1; i < tp_groups->len; i++)
    {
      GArray *group = g_ptr_array_index (tp_groups, i);
      GArray *rest = g_array_new (FALSE, FALSE, sizeof (gint));

      if (group->len == 0)
        {
          g_array_unref (rest);
          continue;
        }
      g_array_append_vals (rest, &g_array_index (group, gint, 1), group->len - 1);
      g_hash_table_replace (mapping, GINT_TO_POINTER (g_array_index (group, gint, 0)), rest);
    }
  return mapping;
}

/* TPPPMerger: every rank's API collections together, the pipeline groups merged, then their
 * first graphs merged as one tensor-parallel group. */
static gboolean
strategy_tp_pp (Run        *run,
                Merger     *m,
                GPtrArray  *results,
                GError    **error)
{
  g_autoptr(GPtrArray) pp = groups_or_default (run, merge_pp_groups (m, run->graphs, run->n),
                                               FALSE, error);
  g_autoptr(GPtrArray) tp = pp == NULL ? NULL
    : groups_or_default (run, merge_tp_groups (m, run->graphs, run->n), TRUE, error);
  g_autoptr(GHashTable) mapping = tp == NULL ? NULL : tp_mapping (tp);
  g_autoptr(GPtrArray) split = NULL;
  g_autoptr(GPtrArray) mains = g_ptr_array_new ();

  if (tp == NULL)
    return FALSE;
  merge_api_collections (m, run->graphs, run->n);
  split = merge_split_by_groups (m, pp, run->graphs, run->n, _("pipeline-parallel"), error);
  if (split == NULL || !merge_groups (run, split, job_pp_only, NULL, mains, error))
    return FALSE;
  g_debug ("merge: pipeline groups merged");
  if (mains->len == 0)
    return TRUE;
  if (!merge_tp_graphs (m, (MergeGraph **)mains->pdata, mains->len, mapping, error))
    return FALSE;
  merge_sort_api_collections (m, g_ptr_array_index (mains, 0));
  g_ptr_array_add (results, g_ptr_array_index (mains, 0));
  return TRUE;
}

/* FullMerger: the pipeline groups merged, then the first graphs of each tensor-parallel
 * group's pipelines merged: one graph per data-parallel replica. */
static gboolean
strategy_full (Run        *run,
               Merger     *m,
               GPtrArray  *results,
               GError    **error)
{
  g_autoptr(GPtrArray) pp = groups_or_default (run, merge_pp_groups (m, run->graphs, run->n),
                                               FALSE, error);
  g_autoptr(GPtrArray) tp = pp == NULL ? NULL
    : groups_or_default (run, merge_tp_groups (m, run->graphs, run->n), TRUE, error);
  g_autoptr(GHashTable) mapping = tp == NULL ? NULL : tp_mapping (tp);
  g_autoptr(GHashTable) by_rank = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) split = NULL;
  g_autoptr(GPtrArray) mains = g_ptr_array_new ();
  g_autoptr(GPtrArray) lists = g_ptr_array_new_with_free_func ((GDestroyNotify)g_ptr_array_unref);

  if (tp == NULL)
    return FALSE;
  split = merge_split_by_groups (m, pp, run->graphs, run->n, _("pipeline-parallel"), error);
  if (split == NULL || !merge_groups (run, split, job_pp_group, NULL, mains, error))
    return FALSE;
  for (guint i = 0; i < mains->len; i++)
    {
      MergeGraph *g = g_ptr_array_index (mains, i);

      g_hash_table_insert (by_rank, GINT_TO_POINTER (g->rank), g);
    }
  for (guint i = 0; i < tp->len; i++)
    {
      GArray *group = g_ptr_array_index (tp, i);
      GPtrArray *list = g_ptr_array_new ();

      for (guint j = 0; j < group->len; j++)
        {
          MergeGraph *g = g_hash_table_lookup (by_rank, GINT_TO_POINTER (g_array_index (group,
                                                                                        gint, j)));

          if (g != NULL)
            g_ptr_array_add (list, g);
        }
      if (list->len > 0)
        g_ptr_array_add (lists, list);
      else
        g_ptr_array_unref (list);
    }
  return merge_groups (run, lists, job_tp_list, mapping, results, error);
}

typedef enum
{
  STRATEGY_NONE,
  STRATEGY_TP,
  STRATEGY_PP,
  STRATEGY_TP_PP,
  STRATEGY_FULL,
} Strategy;

/* _select_strategy, in its order. */
static Strategy
select_strategy (const MsvisMergeParams *p)
{
  if (p->tp == 1 && p->pp == 1 && p->rank_size == 1)
    return STRATEGY_NONE;
  if (p->tp == p->rank_size)
    return STRATEGY_TP;
  if (p->pp == p->rank_size)
    return STRATEGY_PP;
  if (p->pp == 1)
    return STRATEGY_TP;
  if (p->tp == 1)
    return STRATEGY_PP;
  if (p->tp * p->pp == p->rank_size)
    return STRATEGY_TP_PP;
  return STRATEGY_FULL;
}

static gboolean
run_strategy (Run        *run,
              GPtrArray  *results,
              GError    **error)
{
  Merger *m = merger_new (run);
  g_autoptr(GPtrArray) groups = NULL;
  g_autoptr(GPtrArray) split = NULL;

  switch (select_strategy (run->params))
    {
    case STRATEGY_NONE:
      merge_api_collections (m, run->graphs, run->n);
      for (guint i = 0; i < run->n; i++)
        g_ptr_array_add (results, run->graphs[i]);
      return TRUE;
    case STRATEGY_TP:
      groups = groups_or_default (run, merge_tp_groups (m, run->graphs, run->n), TRUE, error);
      if (groups == NULL)
        return FALSE;
      split = merge_split_by_groups (m, groups, run->graphs, run->n, _("tensor-parallel"), error);
      return split != NULL && merge_groups (run, split, job_tp_group, NULL, results, error);
    case STRATEGY_PP:
      groups = groups_or_default (run, merge_pp_groups (m, run->graphs, run->n), FALSE, error);
      if (groups == NULL)
        return FALSE;
      split = merge_split_by_groups (m, groups, run->graphs, run->n, _("pipeline-parallel"),
                                     error);
      return split != NULL && merge_groups (run, split, job_pp_group, NULL, results, error);
    case STRATEGY_TP_PP:
      return strategy_tp_pp (run, m, results, error);
    case STRATEGY_FULL:
    default:
      return strategy_full (run, m, results, error);
    }
}

void
msvis_merge_result_clear (gpointer data)
{
  MsvisMergeResult *result = data;

  g_clear_object (&result->graph);
}

/**
 * msvis_graph_merge:
 * @inputs: (array length=n_inputs): the graph of every rank, in rank order
 * @is_bench: the benchmark side (only msprobe's log says which)
 *
 * The input graphs are not changed.
 *
 * Returns: (transfer full) (element-type MsvisMergeResult): the merged graphs, one per
 *   replica in msprobe's order, or %NULL
 */
GArray *
msvis_graph_merge (const MsvisMergeInput   *inputs,
                   guint                    n_inputs,
                   const MsvisMergeParams  *params,
                   gboolean                 is_bench,
                   const char              *config_path,
                   GCancellable            *cancellable,
                   GError                 **error)
{
  Run run = { params, is_bench, config_path };
  g_autofree Job *loads = g_new0 (Job, MAX (n_inputs, 1));
  g_autofree Job *emits = NULL;
  g_autoptr(GPtrArray) merged = g_ptr_array_new ();
  GArray *results = NULL;
  gint64 start = g_get_monotonic_time ();

  g_return_val_if_fail (n_inputs > 0, NULL);

  if (params->era == MSVIS_ERA_2026
      ? !msvis_merge_params_check_values (params, n_inputs, is_bench, error)
      : !msvis_merge_params_check (params, n_inputs, config_path, is_bench ? "bench" : "npu",
                                   error))
    return NULL;
  run.mergers = g_ptr_array_new_with_free_func (merger_free);
  run.graphs = g_new0 (MergeGraph *, n_inputs);
  run.n = n_inputs;
  for (guint i = 0; i < n_inputs; i++)
    loads[i] = (Job) { &run, merger_new (&run), job_load, &run.graphs[i], 1, NULL,
                       inputs[i].graph, inputs[i].rank };
  run_jobs (loads, n_inputs, TRUE, NULL);
  g_debug ("merge: loaded %u ranks in %.3f s", n_inputs, (g_get_monotonic_time () - start) / 1e6);

  if (g_cancellable_set_error_if_cancelled (cancellable, error) ||
      !run_strategy (&run, merged, error) ||
      g_cancellable_set_error_if_cancelled (cancellable, error))
    goto out;
  g_debug ("merge: merged at %.3f s", (g_get_monotonic_time () - start) / 1e6);

  emits = g_new0 (Job, MAX (merged->len, 1));
  for (guint i = 0; i < merged->len; i++)
    emits[i] = (Job) { &run, NULL, job_emit, (MergeGraph **)&merged->pdata[i], 1 };
  run_jobs (emits, merged->len, TRUE, NULL);

  results = g_array_sized_new (FALSE, FALSE, sizeof (MsvisMergeResult), merged->len);
  g_array_set_clear_func (results, msvis_merge_result_clear);
  for (guint i = 0; i < merged->len; i++)
    {
      MsvisMergeResult result = { ((MergeGraph *)merged->pdata[i])->rank, emits[i].emitted };

      g_array_append_val (results, result);
    }
  g_debug ("merge: made %u graphs at %.3f s", merged->len,
           (g_get_monotonic_time () - start) / 1e6);

out:
  for (guint i = 0; i < n_inputs; i++)
    merge_graph_free (run.graphs[i]);
  g_free (run.graphs);
  g_ptr_array_unref (run.mergers);
  return results;
}
