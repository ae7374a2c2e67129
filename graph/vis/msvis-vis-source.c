// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-dump-layout.h"
#include "msvis-reader-error.h"
#include "msvis-vis-db-reader.h"
#include "msvis-vis-reader.h"
#include "msvis-vis-run.h"
#include "msvis-vis-source.h"

struct _MsvisVisSource
{
  gint         ref_count;
  GFile       *file;
  char        *name;
  MsvisVisRun *run;      /* JSON .vis files; NULL for a .vis.db */
  MsvisVisDb  *db;
  char        *db_path;
  GArray      *graphs;   /* MsvisVisGraphKey, by step, then rank */
  gboolean     merged_dump;   /* MSVIS_VIS_SOURCE_MERGED_DUMP was set on the file */
};

G_DEFINE_BOXED_TYPE (MsvisVisSource, msvis_vis_source, msvis_vis_source_ref,
                     msvis_vis_source_unref)

MsvisVisSource *
msvis_vis_source_ref (MsvisVisSource *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
msvis_vis_source_unref (MsvisVisSource *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&self->ref_count))
    return;

  g_clear_object (&self->file);
  g_free (self->db_path);
  g_free (self->name);
  g_clear_pointer (&self->run, msvis_vis_run_free);
  g_clear_pointer (&self->db, msvis_vis_db_unref);
  g_clear_pointer (&self->graphs, g_array_unref);
  g_free (self);
}

static gboolean
is_db_name (const char *path)
{
  return g_str_has_suffix (path, ".vis.db");
}

/* A folder of results opens its newest run; compares win over builds of the same age, since
 * that is what someone looking for a precision problem wants first. */
static MsvisVisRun *
pick_run (const char  *dir,
          GError     **error)
{
  g_autoptr(GPtrArray) runs = msvis_vis_runs_scan (dir, error);
  MsvisVisRun *best = NULL;
  guint best_index = 0;

  if (runs == NULL)
    return NULL;

  for (guint i = 0; i < runs->len; i++)
    {
      MsvisVisRun *run = g_ptr_array_index (runs, i);
      const char *stamp = strrchr (run->name, '_');
      const char *best_stamp = best ? strrchr (best->name, '_') : NULL;

      if (best == NULL || g_strcmp0 (stamp, best_stamp) > 0
          || (g_strcmp0 (stamp, best_stamp) == 0 && g_str_has_prefix (run->name, "compare")))
        {
          best = run;
          best_index = i;
        }
    }

  if (best == NULL)
    {
      /* translators: %s is a folder */
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                   _("%s holds no .vis or .vis.db file and no msprobe dump"), dir);
      return NULL;
    }
  return g_ptr_array_steal_index (runs, best_index);
}

static gboolean
open_db (MsvisVisSource  *self,
         const char      *path,
         GCancellable    *cancellable,
         GError         **error)
{
  g_autoptr(GArray) keys = NULL;

  if (!(self->db = msvis_vis_db_open (path, error)))
    return FALSE;
  if (!(keys = msvis_vis_db_list_graphs (self->db, cancellable, error)))
    return FALSE;

  for (guint i = 0; i < keys->len; i++)
    {
      const MsvisVisDbGraphKey *k = &g_array_index (keys, MsvisVisDbGraphKey, i);
      MsvisVisGraphKey key = { k->step, k->rank };

      g_array_append_val (self->graphs, key);
    }
  return TRUE;
}

static void
list_run (MsvisVisSource *self)
{
  for (guint i = 0; i < self->run->files->len; i++)
    {
      const MsvisVisRunFile *file = g_ptr_array_index (self->run->files, i);
      MsvisVisGraphKey key = { file->step, file->rank };

      g_array_append_val (self->graphs, key);
    }
}

/**
 * msvis_vis_source_is_merged:
 *
 * Returns: whether the source's graphs are the merged{i} files of a July parallel merge, whose
 *   "rank" is the number of a data-parallel replica, not a device
 */
gboolean
msvis_vis_source_is_merged (MsvisVisSource *self)
{
  for (guint i = 0; self->run != NULL && i < self->run->files->len; i++)
    if (((const MsvisVisRunFile *) g_ptr_array_index (self->run->files, i))->merged)
      return TRUE;
  return FALSE;
}

/**
 * msvis_vis_source_open:
 * @file: a .vis, a .vis.db, or a folder of them
 *
 * Reads only the file names and, for a .vis.db, its list of graphs: loading a graph is
 * msvis_vis_source_load().
 *
 * Returns: (transfer full): the source, or %NULL with @error set
 */
MsvisVisSource *
msvis_vis_source_open (GFile         *file,
                       GCancellable  *cancellable,
                       GError       **error)
{
  g_autoptr(MsvisVisSource) self = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (!(path = g_file_get_path (file)))
    {
      g_autofree char *uri = g_file_get_uri (file);

      /* translators: %s is a URI such as sftp://host/dir/file.vis */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s is not reachable as a local path; mount it first (for example with "
                     "the file manager)"), uri);
      return NULL;
    }

  self = g_new0 (MsvisVisSource, 1);
  self->ref_count = 1;
  self->file = g_object_ref (file);
  self->graphs = g_array_new (FALSE, FALSE, sizeof (MsvisVisGraphKey));
  self->merged_dump = g_object_get_data (G_OBJECT (file), MSVIS_VIS_SOURCE_MERGED_DUMP) != NULL;

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      if (!(self->run = pick_run (path, error)))
        return NULL;
    }
  else if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      /* translators: %s is a file name */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("%s does not exist"), path);
      return NULL;
    }
  else if (!is_db_name (path))
    self->run = msvis_vis_run_for_file (path);

  if (self->run != NULL && self->run->is_db)
    {
      const MsvisVisRunFile *only = g_ptr_array_index (self->run->files, 0);
      g_autofree char *db_path = g_strdup (only->path);

      g_clear_pointer (&self->run, msvis_vis_run_free);
      g_free (path);
      path = g_steal_pointer (&db_path);
    }

  if (self->run != NULL)
    {
      self->name = g_strdup (self->run->name);
      list_run (self);
    }
  else
    {
      self->name = g_path_get_basename (path);
      self->db_path = g_strdup (path);
      if (!open_db (self, path, cancellable, error))
        return NULL;
    }

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  return g_steal_pointer (&self);
}

const char *
msvis_vis_source_get_name (MsvisVisSource *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->name;
}

GFile *
msvis_vis_source_get_file (MsvisVisSource *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->file;
}

gboolean
msvis_vis_source_is_db (MsvisVisSource *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->db != NULL;
}

/**
 * msvis_vis_source_get_graphs:
 *
 * Returns: (transfer none) (element-type MsvisVisGraphKey): what the source holds, by step,
 *   then rank; never empty
 */
const GArray *
msvis_vis_source_get_graphs (MsvisVisSource *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->graphs;
}

/**
 * msvis_vis_source_load:
 *
 * Reads one graph's index (node data stays on disk until asked for). Blocks: call it from a
 * worker.
 *
 * Returns: (transfer full): the document, or %NULL with @error set
 */
MsvisVisDocument *
msvis_vis_source_load (MsvisVisSource    *self,
                       MsvisVisGraphKey   key,
                       GCancellable      *cancellable,
                       GError           **error)
{
  return msvis_vis_source_load_full (self, key, NULL, cancellable, error);
}

/* A result built from a merge's dumps: its graphs say "merged", as the dumps did. */
static void
mark_merged_dump (MsvisVisSource   *self,
                  MsvisVisDocument *doc)
{
  MsvisGraph *bench = msvis_vis_document_get_bench (doc);

  if (!self->merged_dump)
    return;
  msvis_graph_set_merged_dump (msvis_vis_document_get_npu (doc), TRUE);
  if (bench != NULL)
    msvis_graph_set_merged_dump (bench, TRUE);
}

/**
 * msvis_vis_source_load_full:
 * @progress: (nullable): told how much of the graph has been read
 *
 * msvis_vis_source_load() with progress.
 */
MsvisVisDocument *
msvis_vis_source_load_full (MsvisVisSource    *self,
                            MsvisVisGraphKey   key,
                            MsvisProgress     *progress,
                            GCancellable      *cancellable,
                            GError           **error)
{
  const MsvisVisRunFile *file;
  g_autoptr(GFile) gfile = NULL;
  MsvisVisDocument *doc;

  g_return_val_if_fail (self != NULL, NULL);

  if (self->db != NULL)
    {
      if (!(doc = msvis_vis_db_load_full (self->db, key.step, key.rank, progress, cancellable,
                                          error)))
        return NULL;
      mark_merged_dump (self, doc);
      msvis_vis_document_index_links (doc);
      return doc;
    }

  file = msvis_vis_run_find (self->run, key.step, key.rank);
  if (file == NULL)
    {
      /* translators: the numbers are a training step and a rank */
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                   _("%s has no graph for step %d, rank %d"), self->name, key.step, key.rank);
      return NULL;
    }

  gfile = g_file_new_for_path (file->path);
  if (!(doc = msvis_vis_read_full (gfile, MSVIS_VIS_READ_DEFAULT, progress, cancellable,
                                    error)))
    return NULL;
  msvis_vis_document_set_step_rank (doc, file->step, file->rank);
  msvis_vis_document_set_merged_replica (doc, file->merged);
  mark_merged_dump (self, doc);
  msvis_vis_document_index_links (doc);
  return doc;
}

/**
 * msvis_vis_source_dup_file_for:
 *
 * Returns: (transfer full) (nullable): the file that holds @key's graph: the .vis of that
 *   step and rank, or the .vis.db
 */
GFile *
msvis_vis_source_dup_file_for (MsvisVisSource   *self,
                               MsvisVisGraphKey  key)
{
  const MsvisVisRunFile *file;

  if (self->db != NULL)
    return g_file_new_for_path (self->db_path);
  file = msvis_vis_run_find (self->run, key.step, key.rank);
  return file != NULL ? g_file_new_for_path (file->path) : NULL;
}

/* A dump, not a result: what the window builds or compares before it shows anything. A
 * folder of plain files has the layout of one rank's dump, but a folder of .vis results has
 * it too: only a dump.json makes it a dump. */
gboolean
msvis_path_is_dump_dir (GFile *dir)
{
  g_autoptr(GFile) dump = NULL;
  MsvisDumpLayout layout;

  if (!msvis_dump_layout_detect (dir, &layout, NULL, NULL))
    return FALSE;
  if (layout != MSVIS_DUMP_LAYOUT_FILES)
    return TRUE;
  dump = g_file_get_child (dir, "dump.json");
  return g_file_query_exists (dump, NULL);
}
