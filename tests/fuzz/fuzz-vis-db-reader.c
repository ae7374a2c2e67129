// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "fuzz-util.h"
#include "msvis-vis-db-reader.h"

/* A .vis.db opened as the window opens one: its config, the graphs it lists, and the first few
 * of them loaded with all their node data. Most mutations break SQLite's pages; the seeds are
 * real files the project's writer made, so the fuzzer also reaches the reader's own checks. */

#define MAX_GRAPHS 4

FUZZ_DEFINE_INITIALIZE

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *path = fuzz_write ("fuzz.vis.db", data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDb) db = msvis_vis_db_open (path, &error);
  g_autoptr(GArray) graphs = NULL;

  if (db == NULL)
    {
      g_assert (error != NULL && strstr (error->message, "fuzz.vis.db") != NULL);
      return 0;
    }

  (void) msvis_vis_db_is_compare (db);
  (void) msvis_vis_db_get_micro_steps (db);
  (void) msvis_vis_db_get_overflow_check (db);
  (void) msvis_vis_db_get_rank_list (db);
  (void) msvis_vis_db_get_step_list (db);

  graphs = msvis_vis_db_list_graphs (db, NULL, &error);
  for (guint i = 0; graphs != NULL && i < MIN (graphs->len, MAX_GRAPHS); i++)
    {
      const MsvisVisDbGraphKey *key = &g_array_index (graphs, MsvisVisDbGraphKey, i);
      g_autoptr(GError) load_error = NULL;
      g_autoptr(MsvisVisDocument) doc = msvis_vis_db_load (db, key->step, key->rank, NULL,
                                                           &load_error);

      if (doc != NULL)
        msvis_vis_document_ensure_all_data (doc, NULL, &load_error);
    }
  return 0;
}
