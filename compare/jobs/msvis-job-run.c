// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "msvis-cleanup.h"
#include "msvis-distributed.h"
#include "msvis-graph-builder.h"
#include "msvis-job-run.h"
#include "msvis-overflow.h"
#include "msvis-safe-file.h"
#include "msvis-vis-writer.h"

/* The steps every part of a `msvis graph` run takes: say what it does, build one dump folder,
 * write one result under a temporary name, link the ranks of a step. */

void
msvis_job_rank_graph_clear (gpointer data)
{
  RankGraph *rg = data;

  g_free (rg->rank_dir);
  g_clear_object (&rg->graph);
}

void
msvis_job_say (Run        *run,
     const char *format,
     ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (run->progress == NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  run->progress (message, run->progress_data);
}

void
msvis_job_say_building (Run   *run,
                        GFile *dir)
{
  g_autofree char *path = g_file_get_parse_name (dir);

  /* translators: %s is a dump directory */
  msvis_job_say (run, _("Building %s"), path);
}

/* What a run looks at in each dump.json entry while the build streams it. */
typedef struct
{
  MsvisOverflowCheck *overflow;   /* -oc */
  GPtrArray          *names;      /* the keys in file order, for layer mapping */
  GHashTable         *seen;
} EntryWatch;

static gboolean
watch_entry (const char            *name,
             const MsvisJsonValue  *entry,
             gpointer               user_data,
             GError               **error)
{
  EntryWatch *watch = user_data;

  if (watch->overflow != NULL && !msvis_overflow_check_entry (name, entry, watch->overflow, error))
    return FALSE;
  /* A repeated key keeps its first place, as in a Python dict. */
  if (watch->names != NULL && g_hash_table_add (watch->seen, g_strdup (name)))
    g_ptr_array_add (watch->names, g_strdup (name));
  return TRUE;
}

/**
 * msvis_job_build_one:
 * @keep_md5: keep each item's md5, which an md5 compare needs
 * @entry_names: (nullable) (element-type utf8): filled with the dump.json keys in file order
 * @header: (out caller-allocates) (optional): dump.json's header; clear it after use
 *
 * Safe to call from a worker thread: it reports no progress, which is the caller's part.
 */
MsvisGraph *
msvis_job_build_one (Run              *run,
                     GFile            *dir,
                     gboolean          keep_md5,
                     GPtrArray        *entry_names,
                     MsvisDumpHeader  *header_out,
                     GError          **error)
{
  g_autoptr(MsvisOverflowCheck) overflow = NULL;
  g_autoptr(GHashTable) seen = NULL;
  /* 26.0.0 never simplifies stacks (msprobe-2026.md §4.3). */
  MsvisBuildOptions options = { .era = run->job->era,
                                .complete_stack = run->job->complete_stack ||
                                                  run->job->era == MSVIS_ERA_2026,
                                .keep_md5 = keep_md5, .warnings = run->job->warnings };
  EntryWatch watch = { NULL, entry_names };
  MsvisDumpHeader header;
  MsvisGraph *graph;
  g_autofree char *path = g_file_get_parse_name (dir);
  gint64 start;

  if (run->job->overflow_check)
    watch.overflow = overflow = msvis_overflow_check_new ();
  if (entry_names != NULL)
    watch.seen = seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (watch.overflow != NULL || watch.names != NULL)
    {
      options.entry_hook = watch_entry;
      options.hook_data = &watch;
    }

  start = g_get_monotonic_time ();
  graph = msvis_graph_build (dir, &options, &header, run->cancellable, error);
  if (graph == NULL)
    return NULL;
  g_debug ("built %s: %u nodes in %.3f s", path, msvis_graph_get_n_nodes (graph),
           (g_get_monotonic_time () - start) / 1e6);
  if (header.is_merged)
    g_atomic_int_set (&run->merged_dump, TRUE);
  if (header_out != NULL)
    *header_out = header;
  else
    msvis_dump_header_clear (&header);

  if (overflow != NULL)
    msvis_overflow_check_apply (overflow, graph);

  return graph;
}

/* Output names are made of fixed words, the timestamp, and rank and step folder names that the
 * layout reader checked (rankN, stepN); this makes sure of it where the file is created, so
 * that no input can ever steer a file out of the output folder or hide it. */
gboolean
msvis_job_check_output_name (const char  *name,
                             GError     **error)
{
  gboolean ok = name[0] != '\0' && name[0] != '.';

  for (const char *p = name; ok && *p != '\0'; p++)
    ok = g_ascii_isalnum (*p) || *p == '_' || *p == '.' || *p == '-';
  if (!ok)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                 /* translators: %s is a file name */
                 _("“%s” is not a name msvis writes; the output was not made"), name);
  return ok;
}

/**
 * msvis_job_write_vis:
 * @compare: (nullable): the benchmark graph and compare-wide members of a compare
 * @name: the .vis file name
 * @step: the step number, for a .vis.db (0 without step folders)
 * @rank: the rank number, for a .vis.db (0 without rank folders)
 *
 * Writes one .vis under a temporary name; the run renames it when everything succeeded. With
 * --format db the result goes into the run's database instead.
 */
gboolean
msvis_job_write_vis (Run                    *run,
                     MsvisGraph             *graph,
                     const MsvisVisCompare  *compare,
                     const char             *name,
                     gint                    step,
                     gint                    rank,
                     GError                **error)
{
  g_autofree char *path = g_build_filename (run->job->output_dir, name, NULL);
  g_autoptr(MsvisSafeFile) file = NULL;
  MsvisVisOptions options = { .overflow_check = run->job->overflow_check };
  MsvisSafeFileFlags flags = run->job->force ? MSVIS_SAFE_FILE_REPLACE : MSVIS_SAFE_FILE_DEFAULT;
  GOutputStream *stream;
  gint64 start = g_get_monotonic_time ();
  gboolean ok;

  run->n_selected++;
  if (run->db26 != NULL)
    return msvis_vis_db26_writer_add (run->db26, graph, compare, step, rank, run->cancellable,
                                      error);
  if (run->db != NULL)
    {
      return msvis_vis_db_writer_add (run->db, graph, compare, step, rank, run->cancellable,
                                      error);
    }
  if (!msvis_job_check_output_name (name, error))
    return FALSE;
  file = msvis_safe_file_new_full (path, 0640, flags, error);
  if (file == NULL)
    return FALSE;
  stream = msvis_safe_file_get_stream (file);
  ok = compare != NULL
    ? msvis_vis_write_compare (graph, compare, &options, stream, run->cancellable, error)
    : msvis_vis_write_build (graph, &options, stream, run->cancellable, error);
  if (!ok || !msvis_safe_file_close (file, error))
    return FALSE;
  g_debug ("wrote %s in %.3f s", path, (g_get_monotonic_time () - start) / 1e6);

  g_ptr_array_add (run->pending, g_steal_pointer (&file));
  return TRUE;
}

/**
 * msvis_job_link_ranks:
 * @rank_graphs: (element-type RankGraph): the graphs of one step
 *
 * The distributed analyzer, when there are two ranks or more to link.
 */
void
msvis_job_link_ranks (Run    *run,
                      GArray *rank_graphs)
{
  g_autoptr(MsvisDistributed) analyzer = NULL;

  /* 26.0.0 links the ranks on the stored rows, after everything is written
   * (msprobe-2026.md §10.7). */
  if (rank_graphs->len < 2 || run->job->era == MSVIS_ERA_2026)
    return;
  analyzer = msvis_distributed_new (run->job->overflow_check);
  for (guint i = 0; i < rank_graphs->len; i++)
    {
      RankGraph *rg = &g_array_index (rank_graphs, RankGraph, i);

      msvis_distributed_add (analyzer, rg->rank, rg->graph);
    }
  msvis_distributed_match (analyzer);
}

/* _build_graph_ranks: every rank of @dir, linked when there are two or more. */
