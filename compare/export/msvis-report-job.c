// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "msvis-export-job.h"
#include "msvis-layout-engine.h"
#include "msvis-report-job.h"
#include "msvis-safe-file.h"

#define N_PICTURES     3      /* of the worst nodes, in an HTML report */
#define REGION_WIDTH   900.   /* points around a node a picture shows */
#define REGION_HEIGHT  600.

static MsvisLayout *
lay_out_to (MsvisVisDocument  *doc,
            gboolean           bench,
            const char        *target,
            GError           **error)
{
  g_autoptr(GHashTable) expanded = msvis_export_expanded_set (doc, bench, MSVIS_EXPAND_TO, 0,
                                                              target, error);
  g_autoptr(MsvisLayoutEngine) engine = NULL;

  if (expanded == NULL)
    return NULL;
  engine = msvis_layout_engine_new (msvis_vis_document_get_graph (doc, bench));
  return msvis_layout_engine_run (engine, expanded, -1, NULL, error);
}

/* A region of @layout centred on @node's box, inside the layout. */
static MsvisRect
region_around (MsvisLayout *layout,
               MsvisNodeId  node)
{
  const MsvisLayoutBox *box = msvis_layout_lookup (layout, node);
  MsvisRect all = msvis_layout_get_bounds (layout);
  MsvisRect r = { all.x, all.y, MIN (REGION_WIDTH, all.width), MIN (REGION_HEIGHT, all.height) };

  if (box == NULL)
    return r;
  r.x = CLAMP (box->rect.x + box->rect.width / 2 - r.width / 2, all.x, all.x + all.width - r.width);
  r.y = CLAMP (box->rect.y + box->rect.height / 2 - r.height / 2, all.y,
               all.y + all.height - r.height);
  return r;
}

static char *
picture_of (MsvisVisDocument  *doc,
            const char        *name,
            MsvisNodeId        node,
            GError           **error)
{
  const char *id = msvis_graph_node_get_id (msvis_vis_document_get_npu (doc), node);
  MsvisCompareResults *results = msvis_graph_get_compare_results (msvis_vis_document_get_npu (doc));
  MsvisNodeId link = results ? msvis_compare_results_get_link (results, node)
                             : MSVIS_NODE_ID_NONE;
  g_autoptr(MsvisLayout) npu = lay_out_to (doc, FALSE, id, error);
  g_autoptr(MsvisLayout) bench = NULL;
  g_autoptr(MsvisExportScene) scene = NULL;
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  MsvisRect npu_area, bench_area;

  if (npu == NULL)
    return NULL;
  npu_area = region_around (npu, node);
  if (msvis_vis_document_get_bench (doc) != NULL)
    {
      if (!(bench = lay_out_to (doc, TRUE, id, error)))
        return NULL;
      bench_area = region_around (bench, link);
    }
  scene = msvis_export_scene_new_for_document (doc, id, -1, FALSE, npu, &npu_area, bench,
                                               bench ? &bench_area : NULL);
  msvis_export_scene_highlight (scene, 0, node);
  if (bench != NULL)
    msvis_export_scene_highlight (scene, 1, link);
  if (!msvis_export_scene_write_to_stream (scene, MSVIS_EXPORT_SVG, stream, NULL, error)
      || !g_output_stream_write_all (stream, "", 1, NULL, NULL, error)
      || !g_output_stream_close (stream, NULL, error))
    return NULL;
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (stream));
}

static GHashTable *
pictures_of_worst (MsvisReport       *report,
                   MsvisVisDocument  *doc,
                   const char        *name,
                   GError           **error)
{
  g_autoptr(GHashTable) pictures = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GArray) worst = msvis_report_worst_rows (report, N_PICTURES);

  for (guint i = 0; i < worst->len; i++)
    {
      const MsvisReportRow *row = &g_array_index (report->rows, MsvisReportRow,
                                                  g_array_index (worst, guint, i));
      char *svg = picture_of (doc, name, row->node, error);

      if (svg == NULL)
        return NULL;
      g_hash_table_insert (pictures, GUINT_TO_POINTER (row->node), svg);
    }
  return g_steal_pointer (&pictures);
}

gboolean
msvis_report_job_write (MsvisVisDocument    *doc,
                        const char          *name,
                        const char          *output,
                        MsvisSafeFileFlags   flags,
                        GCancellable        *cancellable,
                        GError             **error)
{
  g_autoptr(MsvisReport) report = NULL;
  g_autoptr(GHashTable) pictures = NULL;
  g_autoptr(MsvisSafeFile) file = NULL;
  g_autofree char *text = NULL;
  MsvisReportFormat format;
  /* The window's details panel may load node data on another thread meanwhile. */
  g_autoptr(GRecMutexLocker) locker = msvis_vis_document_lock (doc);

  if (!msvis_report_format_from_path (output, &format, error)
      || !(report = msvis_report_new (doc, name, cancellable, error)))
    return FALSE;
  if (format == MSVIS_REPORT_HTML && msvis_vis_document_is_compare (doc)
      && !(pictures = pictures_of_worst (report, doc, name, error)))
    return FALSE;
  text = msvis_report_to_text (report, format, pictures);
  file = msvis_safe_file_new_full (output, 0644, flags, error);
  return file != NULL
         && g_output_stream_write_all (msvis_safe_file_get_stream (file), text, strlen (text),
                                       NULL, cancellable, error)
         && msvis_safe_file_close (file, error) && msvis_safe_file_commit (file, error);
}

gboolean
msvis_report_job_run (const char          *input,
                      const char          *output,
                      gint                 step,
                      gint                 rank,
                      MsvisSafeFileFlags   flags,
                      GCancellable        *cancellable,
                      GError             **error)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autofree char *name = NULL;
  MsvisReportFormat format;

  /* Before reading, so that a wrong name fails at once. */
  if (!msvis_report_format_from_path (output, &format, error)
      || !msvis_safe_file_check_target (output, flags, error))
    return FALSE;
  doc = msvis_export_open_document (input, step, rank, &name, cancellable, error);
  return doc != NULL
         && msvis_report_job_write (doc, name, output, flags, cancellable, error);
}
