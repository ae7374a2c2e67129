// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-dump-describe.h"
#include "msvis-dump-layout.h"
#include "msvis-reader-error.h"

static char *
count_ranks (GFile         *dir,
             GCancellable  *cancellable,
             guint         *n_ranks,
             GError       **error)
{
  /* Strays skipped, or the proc<pid> folder, as msvis graph builds them. */
  g_autoptr(GPtrArray) names = msvis_dump_layout_list_ranks (dir, cancellable, error);

  if (names == NULL)
    return NULL;
  *n_ranks = names->len;
  /* translators: what a dump folder holds, such as "4 ranks" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u rank", "%u ranks", names->len),
                          names->len);
}

/**
 * msvis_dump_describe:
 *
 * Returns: "1 rank", "4 ranks" or "2 steps × 4 ranks", as msvis graph would see the folder,
 *   or %NULL with @error saying why @dir is no dump
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
      /* translators: what a dump folder holds, such as "4 ranks" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u rank", "%u ranks", 1), 1);
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
