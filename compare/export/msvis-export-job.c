// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "msvis-dump-build.h"
#include "msvis-export-job.h"
#include "msvis-node-finder.h"
#include "msvis-vis-source.h"
#include "msvis-layout-engine.h"

/* "compare_0.vis.db" → "compare_0": the start of the name of a picture or report of it. */
char *
msvis_export_file_stem (const char *name)
{
  if (g_str_has_suffix (name, ".vis.db"))
    return g_strndup (name, strlen (name) - strlen (".vis.db"));
  if (g_str_has_suffix (name, ".vis"))
    return g_strndup (name, strlen (name) - strlen (".vis"));
  return g_strdup (name);
}

static gboolean
pick_graph (MsvisVisSource    *source,
            gint               step,
            gint               rank,
            MsvisVisGraphKey  *key,
            GError           **error)
{
  const GArray *keys = msvis_vis_source_get_graphs (source);

  for (guint i = 0; i < keys->len; i++)
    {
      MsvisVisGraphKey k = g_array_index (keys, MsvisVisGraphKey, i);

      if ((step < 0 || k.step == step) && (rank < 0 || k.rank == rank))
        {
          *key = k;
          return TRUE;
        }
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
               /* translators: %s is a file; then a step and a rank (-1: any) */
               _("%s holds no graph of step %d and rank %d"), msvis_vis_source_get_name (source),
               step, rank);
  return FALSE;
}

/* A dump folder is built into a temporary folder first, as the window's build dialog does. */
static GFile *
build_dump (GFile         *dir,
            char         **tmp_dir,
            GCancellable  *cancellable,
            GError       **error)
{
  g_autoptr(MsvisDumpBuildOptions) options = msvis_dump_build_options_new ();

  *tmp_dir = g_dir_make_tmp ("msvis-export-XXXXXX", error);
  if (*tmp_dir == NULL)
    return NULL;
  options->npu_dir = g_object_ref (dir);
  options->output_dir = g_file_new_for_path (*tmp_dir);
  return msvis_dump_build_run (options, cancellable, error);
}

MsvisVisDocument *
msvis_export_open_document (const char    *path,
                            gint           step,
                            gint           rank,
                            char         **name,
                            GCancellable  *cancellable,
                            GError       **error)
{
  g_autoptr(GFile) input = g_file_new_for_commandline_arg (path);
  g_autoptr(GFile) built = NULL;
  g_autoptr(MsvisVisSource) source = NULL;
  g_autofree char *tmp_dir = NULL;
  MsvisVisDocument *doc = NULL;
  MsvisVisGraphKey key;

  if (msvis_path_is_dump_dir (input))
    {
      built = build_dump (input, &tmp_dir, cancellable, error);
      if (built == NULL)
        goto out;
    }
  source = msvis_vis_source_open (built ? built : input, cancellable, error);
  if (source != NULL && pick_graph (source, step, rank, &key, error))
    doc = msvis_vis_source_load (source, key, cancellable, error);
  /* The whole document is read now: the built file is not needed past this point. */
  if (doc != NULL && built != NULL
      && !msvis_vis_document_ensure_all_data (doc, cancellable, error))
    g_clear_pointer (&doc, msvis_vis_document_unref);
  if (doc != NULL && name != NULL)
    *name = g_file_get_basename (input);
out:
  if (built != NULL)
    g_file_delete (built, NULL, NULL);
  if (tmp_dir != NULL)
    g_rmdir (tmp_dir);
  return doc;
}

static void
add_ancestors (GHashTable  *set,
               MsvisGraph  *graph,
               MsvisNodeId  node)
{
  for (MsvisNodeId p = msvis_graph_node_get_parent (graph, node); p != MSVIS_NODE_ID_NONE;
       p = msvis_graph_node_get_parent (graph, p))
    if (!g_hash_table_add (set, GUINT_TO_POINTER (p)))
      break;   /* its ancestors are in already */
}

/* Every node's number of ancestors, each parent chain walked once: walking up from every
 * node was quadratic in the depth (a 100,000-deep chain took 20 s). */
static guint *
node_depths (MsvisGraph *graph)
{
  guint n = msvis_graph_get_n_nodes (graph);
  guint *depth = g_new (guint, n);
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));

  for (guint i = 0; i < n; i++)
    depth[i] = G_MAXUINT;
  for (MsvisNodeId node = 0; node < n; node++)
    {
      MsvisNodeId p = node;
      guint d;

      /* Up to the first node whose depth is known, then down again. */
      while (p != MSVIS_NODE_ID_NONE && depth[p] == G_MAXUINT)
        {
          g_array_append_val (path, p);
          p = msvis_graph_node_get_parent (graph, p);
        }
      d = p == MSVIS_NODE_ID_NONE ? 0 : depth[p] + 1;
      for (guint i = path->len; i-- > 0; d++)
        depth[g_array_index (path, MsvisNodeId, i)] = d;
      g_array_set_size (path, 0);
    }
  return depth;
}

/* @id on this side, or the counterpart on this side of @id on the other. */
static MsvisNodeId
find_target (MsvisVisDocument *doc,
             gboolean          bench,
             const char       *id)
{
  MsvisGraph *graph = msvis_vis_document_get_graph (doc, bench);
  MsvisGraph *other = msvis_vis_document_get_graph (doc, !bench);
  MsvisNodeId node = msvis_graph_lookup (graph, id);
  MsvisCompareResults *results;

  if (node != MSVIS_NODE_ID_NONE || other == NULL)
    return node;
  node = msvis_graph_lookup (other, id);
  results = msvis_graph_get_compare_results (other);
  if (node == MSVIS_NODE_ID_NONE || results == NULL)
    return MSVIS_NODE_ID_NONE;
  return msvis_compare_results_get_link (results, node);
}

GHashTable *
msvis_export_expanded_set (MsvisVisDocument  *doc,
                           gboolean           bench,
                           MsvisExpandMode    mode,
                           guint              depth,
                           const char        *target,
                           GError           **error)
{
  MsvisGraph *graph = msvis_vis_document_get_graph (doc, bench);
  g_autoptr(GHashTable) set = g_hash_table_new (NULL, NULL);
  guint n = msvis_graph_get_n_nodes (graph);

  switch (mode)
    {
    case MSVIS_EXPAND_ROOT:
      break;
    case MSVIS_EXPAND_ALL:
    case MSVIS_EXPAND_DEPTH:
      {
        g_autofree guint *depths = mode == MSVIS_EXPAND_DEPTH ? node_depths (graph) : NULL;

        for (MsvisNodeId node = 0; node < n; node++)
          if (msvis_graph_node_get_n_children (graph, node) > 0
              && (mode == MSVIS_EXPAND_ALL || depths[node] < depth))
            g_hash_table_add (set, GUINT_TO_POINTER (node));
      }
      break;
    case MSVIS_EXPAND_TO:
      {
        MsvisNodeId node = find_target (doc, bench, target);

        if (node == MSVIS_NODE_ID_NONE &&
            find_target (doc, !bench && msvis_vis_document_get_bench (doc), target)
            == MSVIS_NODE_ID_NONE)
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                         /* translators: %s is a node's name */
                         _("No node is called “%s”"), target);
            return NULL;
          }
        if (node != MSVIS_NODE_ID_NONE)
          add_ancestors (set, graph, node);
      }
      break;
    case MSVIS_EXPAND_ERRORS:
      {
        g_autoptr(MsvisNodeFinder) finder = msvis_node_finder_new (doc, bench);
        g_autoptr(GArray) nodes = msvis_node_finder_list_divergences (finder);

        for (guint i = 0; i < nodes->len; i++)
          add_ancestors (set, graph, g_array_index (nodes, MsvisNodeId, i));
      }
      break;
    default:
      g_assert_not_reached ();
    }
  return g_steal_pointer (&set);
}

static void
add_side (MsvisExportScene *scene,
          MsvisVisDocument *doc,
          gboolean          bench,
          MsvisBuckets     *buckets,
          gboolean          overflow,
          MsvisLayout      *layout,
          const MsvisRect  *area)
{
  MsvisGraph *graph = msvis_vis_document_get_graph (doc, bench);
  gboolean compare = msvis_vis_document_is_compare (doc);
  MsvisGraph *other = compare ? msvis_vis_document_get_graph (doc, !bench) : NULL;
  g_autofree MsvisRgba *fills =
    msvis_render_fills_new (graph, other, bench, buckets,
                            overflow ? MSVIS_PALETTE_OVERFLOW : MSVIS_PALETTE_PRECISION);

  msvis_export_scene_add_side (scene,
                               !compare ? "" : bench ? _("Bench") : _("NPU"),
                               layout, fills, msvis_graph_get_n_nodes (graph), area);
}

MsvisExportScene *
msvis_export_scene_new_for_document (MsvisVisDocument *doc,
                                     const char       *name,
                                     gint              micro_step,
                                     gboolean          overflow,
                                     MsvisLayout      *npu,
                                     const MsvisRect  *npu_area,
                                     MsvisLayout      *bench,
                                     const MsvisRect  *bench_area)
{
  g_autofree char *subtitle = msvis_vis_document_describe (doc, micro_step);
  g_autoptr(MsvisBuckets) buckets =
    msvis_buckets_new_from_colors (msvis_vis_document_is_compare (doc)
                                   ? msvis_vis_document_get_colors (doc) : NULL);
  MsvisExportScene *scene = msvis_export_scene_new (name, subtitle);

  if (overflow)
    msvis_export_scene_add_overflow_legend (scene);
  else if (msvis_vis_document_is_compare (doc))
    msvis_export_scene_add_bucket_legend (scene, buckets);
  if (npu != NULL)
    add_side (scene, doc, FALSE, buckets, overflow, npu, npu_area);
  if (bench != NULL && msvis_vis_document_get_bench (doc) != NULL)
    add_side (scene, doc, TRUE, buckets, overflow, bench, bench_area);
  if (npu != NULL && bench != NULL && msvis_vis_document_get_bench (doc) != NULL)
    msvis_export_scene_set_links (scene, msvis_graph_get_compare_results (
                                           msvis_vis_document_get_npu (doc)));
  return scene;
}

static MsvisLayout *
lay_out (const MsvisExportJob  *job,
         MsvisVisDocument      *doc,
         gboolean               bench,
         GCancellable          *cancellable,
         GError               **error)
{
  g_autoptr(GHashTable) expanded = NULL;
  g_autoptr(MsvisLayoutEngine) engine = NULL;

  expanded = msvis_export_expanded_set (doc, bench, job->expand, job->depth, job->expand_to,
                                        error);
  if (expanded == NULL)
    return NULL;
  engine = msvis_layout_engine_new (msvis_vis_document_get_graph (doc, bench));
  return msvis_layout_engine_run (engine, expanded, job->micro_step, cancellable, error);
}

static void
say (MsvisExportProgress  progress,
     gpointer             data,
     const char          *message)
{
  if (progress != NULL)
    progress (message, data);
}

/* "4200 × 3100 pixels, about 3.9 MB": said before writing, in the window and on the
 * command line. */
char *
msvis_export_describe_size (MsvisExportScene  *scene,
                            MsvisExportFormat  format)
{
  g_autofree char *bytes = g_format_size (msvis_export_scene_estimate_bytes (scene, format));
  g_autofree char *w = NULL, *h = NULL;
  guint64 width, height;

  msvis_export_scene_get_size (scene, format, &width, &height);
  w = g_strdup_printf ("%" G_GUINT64_FORMAT, width);
  h = g_strdup_printf ("%" G_GUINT64_FORMAT, height);
  if (format == MSVIS_EXPORT_PNG)
    /* translators: a picture's width and height in pixels, then its estimated file size */
    return g_strdup_printf (_("%s × %s pixels, about %s"), w, h, bytes);
  /* translators: a page's width and height in points (1/72 inch), then its estimated size */
  return g_strdup_printf (_("%s × %s pt, about %s"), w, h, bytes);
}

gboolean
msvis_export_job_run (const MsvisExportJob  *job,
                      MsvisExportProgress    progress,
                      gpointer               progress_data,
                      GCancellable          *cancellable,
                      GError               **error)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisLayout) npu = NULL;
  g_autoptr(MsvisLayout) bench = NULL;
  g_autoptr(MsvisExportScene) scene = NULL;
  g_autofree char *name = NULL;
  g_autofree char *size = NULL;
  g_autofree char *message = NULL;
  MsvisExportFormat format;
  MsvisSafeFileFlags flags = job->force ? MSVIS_SAFE_FILE_REPLACE : MSVIS_SAFE_FILE_DEFAULT;

  if (!msvis_export_format_from_path (job->output, &format, error))
    return FALSE;
  /* Before the long part, so that a name taken fails at once. */
  if (!msvis_safe_file_check_target (job->output, flags, error))
    return FALSE;
  /* translators: %s is a file or folder */
  message = g_strdup_printf (_("Reading %s"), job->input);
  say (progress, progress_data, message);
  doc = msvis_export_open_document (job->input, job->step, job->rank, &name, cancellable,
                                    error);
  if (doc == NULL)
    return FALSE;
  if ((job->sides & MSVIS_EXPORT_SIDES_BENCH) && msvis_vis_document_get_bench (doc) == NULL
      && !(job->sides & MSVIS_EXPORT_SIDES_NPU))
    {
      g_set_error (error, MSVIS_EXPORT_ERROR, MSVIS_EXPORT_ERROR_NO_SIDE,
                   /* translators: %s is a file name */
                   _("%s is a build: it has no Bench side"), job->input);
      return FALSE;
    }

  say (progress, progress_data, _("Laying out"));
  if ((job->sides & MSVIS_EXPORT_SIDES_NPU)
      && !(npu = lay_out (job, doc, FALSE, cancellable, error)))
    return FALSE;
  if ((job->sides & MSVIS_EXPORT_SIDES_BENCH) && msvis_vis_document_get_bench (doc) != NULL
      && !(bench = lay_out (job, doc, TRUE, cancellable, error)))
    return FALSE;

  scene = msvis_export_scene_new_for_document (doc, name, job->micro_step, job->overflow,
                                               npu, NULL, bench, NULL);
  msvis_export_scene_set_scale (scene, job->scale > 0 ? job->scale : 1);
  size = msvis_export_describe_size (scene, format);
  g_free (message);
  /* translators: the first %s is a file name, the second its size */
  message = g_strdup_printf (_("Writing %s (%s)"), job->output, size);
  say (progress, progress_data, message);
  return msvis_export_scene_write (scene, job->output, format, flags, cancellable, error);
}
