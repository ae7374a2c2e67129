// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-dump-describe.h"
#include "msvis-dump-layout.h"
#include "msvis-dump-reader.h"
#include "msvis-reader-error.h"

/* Whether the dump folder @dir is a merged graph written back by graph_visualize
 * --file_type json: each of its rank folders is then one merged graph, not a rank. A dump.json
 * missing or broken is the build's to report, with the place: here it is no merge. */
static gboolean
is_merged_dump (GFile         *dir,
                GCancellable  *cancellable,
                gboolean      *merged,
                GError       **error)
{
  g_autoptr(GFile) dump = g_file_get_child (dir, "dump.json");
  g_autoptr(GError) local_error = NULL;

  if (msvis_dump_json_peek_merged (dump, merged, cancellable, &local_error))
    return TRUE;
  *merged = FALSE;
  if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

static char *
count_graphs (guint    n,
              gboolean merged)
{
  if (merged)
    /* translators: what a dump folder holds, such as "4 merged graphs": graphs a parallel
     * merge wrote back as dumps (graph_visualize --file_type json) */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u merged graph", "%u merged graphs",
                                         n), n);
  /* translators: what a dump folder holds, such as "4 ranks" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u rank", "%u ranks", n), n);
}

static char *
count_ranks (GFile         *dir,
             GCancellable  *cancellable,
             guint         *n_ranks,
             GError       **error)
{
  /* Strays skipped, or the proc<pid> folder, as msvis graph builds them. */
  g_autoptr(GPtrArray) names = msvis_dump_layout_list_ranks (dir, cancellable, error);
  g_autoptr(GFile) first = NULL;
  gboolean merged = FALSE;

  if (names == NULL)
    return NULL;
  *n_ranks = names->len;
  /* One merge writes every rank folder of a run: the first tells. */
  first = names->len > 0 ? g_file_get_child (dir, g_ptr_array_index (names, 0)) : NULL;
  if (first != NULL && !is_merged_dump (first, cancellable, &merged, error))
    return NULL;
  return count_graphs (names->len, merged);
}

/**
 * msvis_dump_describe:
 *
 * Returns: "1 rank", "4 ranks" or "2 steps × 4 ranks", as msvis graph would see the folder
 *   ("1 merged graph" for a merge written back as dumps), or %NULL with @error saying why @dir
 *   is no dump
 */
char *
msvis_dump_describe (GFile         *dir,
               GCancellable  *cancellable,
               GError       **error)
{
  g_autoptr(GPtrArray) steps = NULL;
  g_autoptr(GFile) dump = NULL;
  g_autoptr(GFile) first = NULL;
  g_autofree char *ranks = NULL;
  MsvisDumpLayout layout;
  guint n_ranks = 0;
  gboolean merged = FALSE;

  if (!msvis_dump_layout_detect (dir, &layout, cancellable, error))
    return NULL;

  switch (layout)
    {
    case MSVIS_DUMP_LAYOUT_FILES:
      /* Any folder of plain files passes the layout test; a dump has a dump.json. */
      dump = g_file_get_child (dir, "dump.json");
      if (!g_file_query_exists (dump, cancellable))
        {
          g_autofree char *path = g_file_get_parse_name (dir);

          g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_LAYOUT,
                       /* translators: %s is a folder */
                       _("%s: there is no dump.json here"), path);
          return NULL;
        }
      if (!is_merged_dump (dir, cancellable, &merged, error))
        return NULL;
      return count_graphs (1, merged);
    case MSVIS_DUMP_LAYOUT_RANKS:
      return count_ranks (dir, cancellable, &n_ranks, error);
    case MSVIS_DUMP_LAYOUT_STEPS:
    default:
      steps = msvis_dump_layout_list (dir, "step", cancellable, error);
      if (steps == NULL)
        return NULL;
      /* The steps of one run have the same ranks; the first tells. */
      first = g_file_get_child (dir, g_ptr_array_index (steps, 0));
      ranks = count_ranks (first, cancellable, &n_ranks, error);
      if (ranks == NULL)
        return NULL;
      /* translators: what a dump folder holds, such as "2 steps × 4 ranks"; %s is the
       * "4 ranks" part */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u step × %s", "%u steps × %s",
                                           steps->len), steps->len, ranks);
    }
}

static void
describe_worker (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  char *description = msvis_dump_describe (task_data, cancellable, &error);

  if (description == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, description, g_free);
}

/**
 * msvis_dump_describe_async:
 *
 * @source_object: (nullable): given to @callback, and kept alive until then
 *
 * msvis_dump_describe() on a worker: listing a folder on a network file system can take a
 * while.
 */
void
msvis_dump_describe_async (gpointer             source_object,
                           GFile               *dir,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (source_object, cancellable, callback, user_data);

  g_task_set_source_tag (task, msvis_dump_describe_async);
  g_task_set_name (task, "[msvis] describe a dump folder");
  g_task_set_task_data (task, g_object_ref (dir), g_object_unref);
  g_task_run_in_thread (task, describe_worker);
}

char *
msvis_dump_describe_finish (GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == msvis_dump_describe_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
