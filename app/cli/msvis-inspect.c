// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>

#include <glib/gi18n.h>
#include <gio/gio.h>
#include <gio/gunixoutputstream.h>

#include "msvis-command-line.h"
#include "msvis-graph-summary.h"
#include "msvis-json-writer.h"
#include "msvis-merged-ranks.h"
#include "msvis-vis-db-reader.h"
#include "msvis-vis-reader.h"
#include "msvis-vis-run.h"

/* `msvis inspect`: what a result holds, from the index alone (no node data is read). */

typedef struct
{
  gboolean         json;
  gboolean         check;
  MsvisJsonWriter *writer;
  gboolean         failed;
} Inspect;

static void
print_graph_text (const char        *label,
                  MsvisGraph        *graph,
                  MsvisBuckets      *buckets,
                  gboolean           is_compare)
{
  MsvisGraphSummary s;

  msvis_graph_summarize (graph, buckets, &s);
  g_print ("  ");
  /* translators: the graph (NPU, Bench or “graph”), then counts of nodes and node types */
  g_print (g_dngettext (GETTEXT_PACKAGE, "%s: %u node (%u modules, %u APIs, %u API lists)",
                        "%s: %u nodes (%u modules, %u APIs, %u API lists)", s.n_nodes),
           label, s.n_nodes, s.n_modules, s.n_apis, s.n_collections);
  if (s.n_other_types > 0)
    g_print (_(", %u of other types"), s.n_other_types);
  g_print ("\n    ");
  /* translators: the counts that follow (match, colour, overflow) are of these nodes */
  g_print (_("%u leaves (nodes without children); the counts below are of leaves, as the "
             "window’s Legend and Find count"), s.n_leaves);
  g_print ("\n");
  if (is_compare)
    {
      g_print ("    ");
      g_print (_("%u matched, %u unmatched"), s.n_matched, s.n_unmatched);
      g_print ("\n");
    }
  for (guint i = 0; i < s.n_buckets; i++)
    {
      const MsvisBucket *b = msvis_buckets_get (buckets, i);
      const char *level = msvis_accuracy_level_to_string (b->level);

      g_print ("    %s%s%s [%g, %g]: %u\n", b->color, level ? " " : "", level ? level : "",
               b->lo, b->hi, s.bucket_counts[i]);
    }
  if (buckets != NULL)
    g_print ("    %s: %u\n", _("matched, without precision"), s.n_no_value + s.n_outside);
  if (s.n_overflow[MSVIS_OVERFLOW_MEDIUM] + s.n_overflow[MSVIS_OVERFLOW_HIGH] +
      s.n_overflow[MSVIS_OVERFLOW_CRITICAL] > 0)
    {
      g_print ("    ");
      g_print (_("overflow: %u medium, %u high, %u critical"),
               s.n_overflow[MSVIS_OVERFLOW_MEDIUM], s.n_overflow[MSVIS_OVERFLOW_HIGH],
               s.n_overflow[MSVIS_OVERFLOW_CRITICAL]);
      g_print ("\n");
    }
  msvis_graph_summary_clear (&s);
}

static void
write_count (MsvisJsonWriter *w,
             const char      *key,
             guint            value)
{
  msvis_json_writer_key (w, key);
  msvis_json_writer_int (w, value);
}

static void
write_graph_json (MsvisJsonWriter *w,
                  const char      *key,
                  MsvisGraph      *graph,
                  MsvisBuckets    *buckets,
                  gboolean         is_compare)
{
  MsvisGraphSummary s;

  msvis_graph_summarize (graph, buckets, &s);
  msvis_json_writer_key (w, key);
  msvis_json_writer_begin_object (w);
  write_count (w, "nodes", s.n_nodes);
  write_count (w, "modules", s.n_modules);
  write_count (w, "apis", s.n_apis);
  write_count (w, "api_collections", s.n_collections);
  write_count (w, "other_types", s.n_other_types);
  write_count (w, "leaves", s.n_leaves);
  if (is_compare)
    {
      write_count (w, "matched", s.n_matched);
      write_count (w, "unmatched", s.n_unmatched);
    }
  msvis_json_writer_key (w, "overflow");
  msvis_json_writer_begin_object (w);
  for (MsvisOverflowLevel l = MSVIS_OVERFLOW_MEDIUM; l <= MSVIS_OVERFLOW_CRITICAL; l++)
    write_count (w, msvis_overflow_level_to_string (l), s.n_overflow[l]);
  msvis_json_writer_end_object (w);
  if (buckets != NULL)
    {
      msvis_json_writer_key (w, "precision");
      msvis_json_writer_begin_array (w);
      for (guint i = 0; i < s.n_buckets; i++)
        {
          const MsvisBucket *b = msvis_buckets_get (buckets, i);

          msvis_json_writer_begin_object (w);
          msvis_json_writer_key (w, "color");
          msvis_json_writer_string (w, b->color);
          if (b->level != MSVIS_ACCURACY_UNKNOWN)
            {
              msvis_json_writer_key (w, "level");
              msvis_json_writer_string (w, msvis_accuracy_level_to_string (b->level));
            }
          msvis_json_writer_key (w, "range");
          msvis_json_writer_begin_array (w);
          msvis_json_writer_double (w, b->lo);
          msvis_json_writer_double (w, b->hi);
          msvis_json_writer_end_array (w);
          write_count (w, "nodes", s.bucket_counts[i]);
          msvis_json_writer_end_object (w);
        }
      msvis_json_writer_end_array (w);
      write_count (w, "without_precision", s.n_no_value);
      write_count (w, "outside_ranges", s.n_outside);
    }
  msvis_json_writer_end_object (w);
  msvis_graph_summary_clear (&s);
}

static void
report_document (Inspect          *self,
                 const char       *where,
                 MsvisVisDocument *doc)
{
  g_autoptr(MsvisBuckets) buckets =
    msvis_vis_document_is_compare (doc)
    ? msvis_buckets_new_from_colors (msvis_vis_document_get_colors (doc)) : NULL;
  MsvisJsonWriter *w = self->writer;
  g_autoptr(GArray) merged_ranks = msvis_merged_ranks_find (doc);
  g_autofree char *merged = msvis_merged_ranks_describe_found (merged_ranks);

  if (!self->json)
    {
      g_print ("%s\n  ", where);
      if (msvis_vis_document_is_compare (doc))
        g_print (_("compare, task %s"),
                 msvis_vis_document_get_task (doc) ? msvis_vis_document_get_task (doc) : "?");
      else
        g_print (_("build"));
      /* A merged result carries its group's first rank; the window's subtitle says which
       * ranks went in, and so does this. */
      if (merged == NULL && msvis_vis_document_get_merged_replica (doc))
        /* translators: %d numbers the graphs a parallel merge writes, one per data-parallel
         * replica (msprobe's build_merged0…vis) */
        merged = g_strdup_printf (_("merged graph %d"), msvis_vis_document_get_rank (doc));
      if (merged != NULL)
        g_print (_(", step %d, %s"), msvis_vis_document_get_step (doc), merged);
      else if (msvis_vis_document_get_step (doc) >= 0 || msvis_vis_document_get_rank (doc) >= 0)
        g_print (_(", step %d, rank %d"), msvis_vis_document_get_step (doc),
                 msvis_vis_document_get_rank (doc));
      g_print (g_dngettext (GETTEXT_PACKAGE, ", %u micro step", ", %u micro steps",
                            msvis_graph_get_micro_steps (msvis_vis_document_get_npu (doc))),
               msvis_graph_get_micro_steps (msvis_vis_document_get_npu (doc)));
      g_print ("%s\n", msvis_vis_document_get_overflow_check (doc) ? _(", overflow check") : "");
      print_graph_text (msvis_vis_document_is_compare (doc) ? "NPU" : _("graph"),
                        msvis_vis_document_get_npu (doc), buckets,
                        msvis_vis_document_is_compare (doc));
      if (msvis_vis_document_get_bench (doc) != NULL)
        print_graph_text ("Bench", msvis_vis_document_get_bench (doc), NULL, TRUE);
      return;
    }

  msvis_json_writer_begin_object (w);
  msvis_json_writer_key (w, "source");
  msvis_json_writer_string (w, where);
  msvis_json_writer_key (w, "kind");
  msvis_json_writer_string (w, msvis_vis_document_is_compare (doc) ? "compare" : "build");
  msvis_json_writer_key (w, "task");
  if (msvis_vis_document_get_task (doc))
    msvis_json_writer_string (w, msvis_vis_document_get_task (doc));
  else
    msvis_json_writer_null (w);
  msvis_json_writer_key (w, "step");
  msvis_json_writer_int (w, msvis_vis_document_get_step (doc));
  msvis_json_writer_key (w, "rank");
  msvis_json_writer_int (w, msvis_vis_document_get_rank (doc));
  /* Present for every merged result; empty when the file names no rank (a July merged{i}.vis
   * numbers its data-parallel replica, not a rank). */
  if (merged_ranks == NULL && msvis_vis_document_get_merged_replica (doc))
    merged_ranks = g_array_new (FALSE, FALSE, sizeof (gint));
  if (merged_ranks != NULL)
    {
      msvis_json_writer_key (w, "merged_ranks");
      msvis_json_writer_begin_array (w);
      for (guint i = 0; i < merged_ranks->len; i++)
        msvis_json_writer_int (w, g_array_index (merged_ranks, gint, i));
      msvis_json_writer_end_array (w);
    }
  write_count (w, "micro_steps", msvis_graph_get_micro_steps (msvis_vis_document_get_npu (doc)));
  msvis_json_writer_key (w, "overflow_check");
  msvis_json_writer_bool (w, msvis_vis_document_get_overflow_check (doc));
  write_graph_json (w, msvis_vis_document_is_compare (doc) ? "npu" : "graph",
                    msvis_vis_document_get_npu (doc), buckets, msvis_vis_document_is_compare (doc));
  if (msvis_vis_document_get_bench (doc) != NULL)
    write_graph_json (w, "bench", msvis_vis_document_get_bench (doc), NULL, TRUE);
  msvis_json_writer_end_object (w);
}

static void
report_error (Inspect *self,
              GError  *error)
{
  g_printerr ("msvis inspect: %s\n", error->message);
  self->failed = TRUE;
}

/* With --check, every node's data is read too, so that a broken file says so now. */
static gboolean
check_document (Inspect          *self,
                MsvisVisDocument *doc)
{
  g_autoptr(GError) error = NULL;

  if (self->check && !msvis_vis_document_ensure_all_data (doc, NULL, &error))
    {
      report_error (self, error);
      return FALSE;
    }
  return TRUE;
}

static void
inspect_vis (Inspect               *self,
             const MsvisVisRunFile *file)
{
  g_autoptr(GFile) gfile = g_file_new_for_path (file->path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDocument) doc = msvis_vis_read (gfile, MSVIS_VIS_READ_DEFAULT, NULL, &error);

  if (doc == NULL)
    {
      report_error (self, error);
      return;
    }
  msvis_vis_document_set_step_rank (doc, file->step, file->rank);
  msvis_vis_document_set_merged_replica (doc, file->merged);
  if (check_document (self, doc))
    report_document (self, file->path, doc);
}

static void
inspect_db (Inspect    *self,
            const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDb) db = msvis_vis_db_open (path, &error);
  g_autoptr(GArray) graphs = NULL;

  if (db == NULL || (graphs = msvis_vis_db_list_graphs (db, NULL, &error)) == NULL)
    {
      report_error (self, error);
      return;
    }
  for (guint i = 0; i < graphs->len; i++)
    {
      const MsvisVisDbGraphKey *key = &g_array_index (graphs, MsvisVisDbGraphKey, i);
      g_autoptr(MsvisVisDocument) doc = msvis_vis_db_load (db, key->step, key->rank, NULL,
                                                           &error);

      if (doc == NULL)
        {
          report_error (self, error);
          return;
        }
      if (check_document (self, doc))
        report_document (self, path, doc);
    }
}

static void
print_numbers (const char *label,
               GArray     *values)
{
  if (values->len == 1 && g_array_index (values, gint, 0) < 0)
    return;
  g_print ("; %s", label);
  for (guint i = 0; i < values->len; i++)
    g_print ("%s%d", i ? ", " : " ", g_array_index (values, gint, i));
}

static void
inspect_run (Inspect     *self,
             MsvisVisRun *run)
{
  g_autoptr(GArray) steps = msvis_vis_run_get_steps (run);
  g_autoptr(GArray) ranks = msvis_vis_run_get_ranks (run);
  MsvisJsonWriter *w = self->writer;
  gboolean replicas = FALSE;

  /* A July merge's build_merged{i} numbers replicas: their numbers are no ranks. */
  for (guint i = 0; i < run->files->len; i++)
    replicas |= ((const MsvisVisRunFile *)g_ptr_array_index (run->files, i))->merged;

  if (self->json)
    {
      msvis_json_writer_begin_object (w);
      msvis_json_writer_key (w, "run");
      msvis_json_writer_string (w, run->name);
      msvis_json_writer_key (w, "format");
      msvis_json_writer_string (w, run->is_db ? "vis.db" : "vis");
      msvis_json_writer_key (w, "graphs");
      msvis_json_writer_begin_array (w);
    }
  else
    {
      g_print (_("Run %s"), run->name);
      if (!run->is_db)
        {
          print_numbers (_("steps"), steps);
          /* translators: then the numbers of a July merge's build_merged0…vis files */
          print_numbers (replicas ? _("merged graphs") : _("ranks"), ranks);
        }
      g_print ("\n");
    }

  for (guint i = 0; i < run->files->len; i++)
    {
      const MsvisVisRunFile *file = g_ptr_array_index (run->files, i);

      if (run->is_db)
        inspect_db (self, file->path);
      else
        inspect_vis (self, file);
    }

  if (self->json)
    {
      msvis_json_writer_end_array (w);
      msvis_json_writer_end_object (w);
    }
}

int
msvis_command_line_inspect (int    argc,
                            char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(GOutputStream) out = NULL;
  g_auto(GStrv) paths = NULL;
  Inspect self = { 0 };
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &self.json, N_("Print JSON for scripts"), NULL },
    { "check", 0, 0, G_OPTION_ARG_NONE, &self.check,
      N_("Read every node’s data too, to check the whole file"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, NULL },
    { NULL }
  };

  context = g_option_context_new (_("FILE|DIR"));
  g_option_context_set_summary (context,
                                _("Says what a .vis or .vis.db file, or a folder of them, "
                                  "holds: kind, task, steps, ranks, micro steps, and node "
                                  "counts by type, match, precision colour and overflow."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("msvis inspect: %s\n", error->message);
      return 2;
    }
  if (paths == NULL || paths[0] == NULL || paths[1] != NULL)
    {
      g_printerr ("msvis inspect: %s\n", _("give one file or folder"));
      return 2;
    }

  if (g_file_test (paths[0], G_FILE_TEST_IS_DIR))
    {
      runs = msvis_vis_runs_scan (paths[0], &error);
      if (runs == NULL)
        {
          g_printerr ("msvis inspect: %s\n", error->message);
          return 1;
        }
      if (runs->len == 0)
        {
          g_printerr ("msvis inspect: %s: %s\n", paths[0],
                      _("the folder holds no .vis or .vis.db file"));
          return 1;
        }
    }
  else if (g_file_test (paths[0], G_FILE_TEST_EXISTS))
    {
      /* Only the file that was named, not its siblings. */
      runs = g_ptr_array_new_with_free_func ((GDestroyNotify)msvis_vis_run_free);
      g_ptr_array_add (runs, msvis_vis_run_for_single_file (paths[0]));
    }
  else
    {
      g_printerr ("msvis inspect: %s: %s\n", paths[0], g_strerror (ENOENT));
      return 1;
    }

  if (self.json)
    {
      out = g_unix_output_stream_new (1, FALSE);
      self.writer = msvis_json_writer_new (out, 2, NULL);
      msvis_json_writer_begin_array (self.writer);
    }
  for (guint i = 0; i < runs->len; i++)
    inspect_run (&self, g_ptr_array_index (runs, i));
  if (self.json)
    {
      msvis_json_writer_end_array (self.writer);
      if (!msvis_json_writer_finish (self.writer, &error))
        report_error (&self, error);
      msvis_json_writer_free (self.writer);
      g_print ("\n");
    }

  return self.failed ? 1 : 0;
}
