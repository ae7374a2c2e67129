// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-compare-error.h"
#include "msvis-convert-job.h"
#include "msvis-safe-file.h"
#include "msvis-vis-db-probe.h"
#include "msvis-vis-db-reader.h"
#include "msvis-vis-db-writer.h"
#include "msvis-vis-db26-writer.h"
#include "msvis-vis-reader.h"
#include "msvis-vis-writer.h"

/* `msvis convert`: a result of one era read with msvis's reader and written with the writer of
 * another, where the target can hold what the source says. July's .vis and 8.2.1's .vis.db
 * share one precision model (a continuous precision index, vis-format.md §4.4); 26.0.0's is
 * pass/warning/error with Result and Err_message (msprobe-2026.md §7), and neither can be
 * computed from the other without the dumps, so compares across that line are refused. */

typedef struct
{
  GPtrArray *docs;     /* MsvisVisDocument, node data all read */
  gboolean   compare;
  gboolean   overflow_check;
} Source;

static const char *
format_name (MsvisResultFormat format)
{
  switch (format)
    {
    case MSVIS_RESULT_JULY:
      return _("July 2025 .vis");
    case MSVIS_RESULT_DB821:
      return _("msprobe 8.2.1 .vis.db");
    case MSVIS_RESULT_DB26:
    default:
      return _("mindstudio-probe 26.0.0 .vis.db");
    }
}

/**
 * msvis_convert_detect:
 *
 * @requires_grad: (out): of a .vis.db, the nodes whose items carry requires_grad
 *
 * A SQLite file is a .vis.db, of 26.0.0 when it has 26.0.0's schema; anything else is read
 * as a JSON .vis (whose reader then says what is wrong with it).
 */
gboolean
msvis_convert_detect (const char         *path,
                      MsvisResultFormat  *format,
                      gint64             *requires_grad,
                      GError            **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GFileInputStream) in = g_file_read (file, NULL, error);
  char magic[16] = { 0 };
  gsize length = 0;
  MsvisVisDbProbe probe;

  *requires_grad = 0;
  if (in == NULL ||
      !g_input_stream_read_all (G_INPUT_STREAM (in), magic, sizeof magic, &length, NULL, error))
    return FALSE;
  if (length < sizeof magic || memcmp (magic, "SQLite format 3", 16) != 0)
    {
      *format = MSVIS_RESULT_JULY;
      return TRUE;
    }
  /* what a target that cannot hold requires_grad would lose: worth reading every row here */
  if (!msvis_vis_db_probe (path, MSVIS_VIS_DB_PROBE_COUNT_REQUIRES_GRAD, &probe, error))
    return FALSE;
  *requires_grad = probe.n_requires_grad;
  *format = msvis_vis_db_probe_is_2026 (&probe) ? MSVIS_RESULT_DB26 : MSVIS_RESULT_DB821;
  return TRUE;
}

static gboolean
add_doc (Source            *source,
         MsvisVisDocument  *doc,
         GError           **error)
{
  if (doc == NULL || !msvis_vis_document_ensure_all_data (doc, NULL, error))
    {
      g_clear_pointer (&doc, msvis_vis_document_unref);
      return FALSE;
    }
  source->compare = msvis_vis_document_is_compare (doc);
  source->overflow_check |= msvis_vis_document_get_overflow_check (doc);
  g_ptr_array_add (source->docs, doc);
  return TRUE;
}

static gboolean
read_source (const char         *path,
             MsvisResultFormat   format,
             Source             *source,
             GError            **error)
{
  g_autoptr(MsvisVisDb) db = NULL;
  g_autoptr(GArray) keys = NULL;

  source->docs = g_ptr_array_new_with_free_func ((GDestroyNotify)msvis_vis_document_unref);
  if (format == MSVIS_RESULT_JULY)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

      return add_doc (source, msvis_vis_read (file, MSVIS_VIS_READ_ALL_DATA, NULL, error),
                      error);
    }
  if ((db = msvis_vis_db_open (path, error)) == NULL ||
      (keys = msvis_vis_db_list_graphs (db, NULL, error)) == NULL)
    return FALSE;
  source->overflow_check = msvis_vis_db_get_overflow_check (db);
  for (guint i = 0; i < keys->len; i++)
    {
      const MsvisVisDbGraphKey *key = &g_array_index (keys, MsvisVisDbGraphKey, i);

      if (!add_doc (source, msvis_vis_db_load (db, key->step, key->rank, NULL, error), error))
        return FALSE;
    }
  return TRUE;
}

/* What the target cannot hold, said before anything is written. */
static gboolean
check_loss (const MsvisConvertJob  *job,
            MsvisResultFormat       from,
            gint64                  lost,
            const Source           *source,
            GError                **error)
{
  if (from == job->to)
    g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED,
                 /* translators: a file path, then a format such as "msprobe 8.2.1 .vis.db" */
                 _("%s is a %s already: there is nothing to convert"), job->input,
                 format_name (from));
  else if (source->compare && from != MSVIS_RESULT_DB26 && job->to == MSVIS_RESULT_DB26)
    g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED,
                 /* translators: a file path, then two formats */
                 _("%s: a compare of a %s has a continuous precision index, which cannot "
                   "become the pass/warning/error, Result and Err_message of a %s without the "
                   "dumps; run msvis graph_visualize on the dumps instead"),
                 job->input, format_name (from), format_name (job->to));
  else if (source->compare && from == MSVIS_RESULT_DB26)
    g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED,
                 /* translators: a file path, then two formats */
                 _("%s: a compare of a %s says pass/warning/error with Result and "
                   "Err_message, which a %s cannot hold (its precision index is a continuous "
                   "value the 26.0.0 file does not have)"),
                 job->input, format_name (from), format_name (job->to));
  else if (from == MSVIS_RESULT_DB26 && lost != 0)
    g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED,
                 /* translators: a file path, a count of nodes, then a format */
                 _("%s: the items of %u nodes carry requires_grad, which a %s does not "
                   "hold"), job->input, (guint)MIN (lost, G_MAXUINT), format_name (job->to));
  else if (job->to == MSVIS_RESULT_JULY && source->docs->len != 1)
    g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED,
                 /* translators: a file path, then a count of graphs */
                 _("%s holds %u graphs (steps and ranks) and a July .vis holds one: the "
                   "others would be lost"), job->input, source->docs->len);
  else
    return TRUE;
  return FALSE;
}

static gboolean
write_july (const MsvisConvertJob  *job,
            const Source           *source,
            GError                **error)
{
  g_autoptr(MsvisSafeFile) file = msvis_safe_file_new_full (job->output, 0640,
                                                            job->force ? MSVIS_SAFE_FILE_REPLACE
                                                                       : MSVIS_SAFE_FILE_DEFAULT,
                                                            error);

  return file != NULL &&
         msvis_vis_document_write_vis (g_ptr_array_index (source->docs, 0),
                                       msvis_safe_file_get_stream (file), NULL, error) &&
         msvis_safe_file_close (file, error) && msvis_safe_file_commit (file, error);
}

static gboolean
write_db (const MsvisConvertJob  *job,
          const Source           *source,
          GError                **error)
{
  MsvisVisOptions options = { .overflow_check = source->overflow_check, .replace = job->force };
  g_autoptr(MsvisVisDbWriter) db = NULL;
  g_autoptr(MsvisVisDb26Writer) db26 = NULL;

  if (job->to == MSVIS_RESULT_DB26)
    db26 = msvis_vis_db26_writer_new (job->output, &options, error);
  else
    db = msvis_vis_db_writer_new (job->output, &options, error);
  if (db == NULL && db26 == NULL)
    return FALSE;
  for (guint i = 0; i < source->docs->len; i++)
    {
      MsvisVisDocument *doc = g_ptr_array_index (source->docs, i);
      MsvisVisCompare compare;
      gint step = msvis_vis_document_get_step (doc), rank = msvis_vis_document_get_rank (doc);
      MsvisGraph *npu = msvis_vis_document_get_npu (doc);

      msvis_vis_document_get_compare (doc, &compare);
      if (db26 != NULL
          ? !msvis_vis_db26_writer_add (db26, npu, NULL, MAX (step, 0), MAX (rank, 0), NULL, error)
          : !msvis_vis_db_writer_add (db, npu, source->compare ? &compare : NULL, MAX (step, 0),
                                      MAX (rank, 0), NULL, error))
        return FALSE;
    }
  /* Several graphs are the ranks of a run: 26.0.0 links them on the stored rows. */
  return db26 != NULL ? msvis_vis_db26_writer_commit (db26, source->docs->len > 1, error)
                      : msvis_vis_db_writer_commit (db, error);
}

/**
 * msvis_convert_job_run:
 *
 * Returns: %FALSE, with nothing written, when the input cannot be read or the target cannot
 * hold it
 */
gboolean
msvis_convert_job_run (const MsvisConvertJob  *job,
                       GError                **error)
{
  MsvisResultFormat from;
  Source source = { 0 };
  gint64 requires_grad = 0;
  gboolean ok;

  ok = msvis_convert_detect (job->input, &from, &requires_grad, error) &&
       read_source (job->input, from, &source, error) &&
       check_loss (job, from, requires_grad, &source, error) &&
       (job->to == MSVIS_RESULT_JULY ? write_july (job, &source, error)
                                     : write_db (job, &source, error));
  g_clear_pointer (&source.docs, g_ptr_array_unref);
  return ok;
}
