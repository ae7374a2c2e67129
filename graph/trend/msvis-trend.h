// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* msprobe 26.0.0's `data2db` for dumps (trend-2026.md): a run's dump.json statistics into
 * `dump_data.trend.db`, the database TREND ANALYZER reads. */

#define MSVIS_TREND_DUMP_DB    "dump_data.trend.db"
#define MSVIS_TREND_MONITOR_DB "monitor_data.trend.db"

/* What is not a plain file-system error (those keep G_IO_ERROR and name the file). */
#define MSVIS_TREND_ERROR (msvis_trend_error_quark ())

typedef enum
{
  MSVIS_TREND_ERROR_INPUT,    /* a dump, construct or mapping file msprobe would fail on */
  MSVIS_TREND_ERROR_WRITE,    /* SQLite refused to write the database */
  MSVIS_TREND_ERROR_SCHEMA,   /* a database that is not a trend database (msvis-trend-reader) */
} MsvisTrendError;

GQuark msvis_trend_error_quark (void);

typedef struct
{
  const char *data_dir;     /* the parent of the stepN folders */
  const char *db_dir;       /* exists; the database goes there */
  GPtrArray  *mapping;      /* (key, value) pairs of the mapping file in its order, or NULL */
  gboolean    micro_step;
  gpointer    progress;     /* nullable MsvisProgress: files done of all (the window's bar) */
  GCancellable *cancellable; /* nullable: stops the dump import between files */
} MsvisTrendOptions;

typedef void (*MsvisTrendMessage) (const char *message,
                                   gpointer    user_data);

GPtrArray *msvis_trend_load_mapping (const char             *path,
                                     GError                **error);
gboolean   msvis_trend_import_dump  (const MsvisTrendOptions *options,
                                     char                  **written,
                                     MsvisTrendMessage        message,
                                     gpointer                 user_data,
                                     GError                 **error);
gboolean   msvis_trend_import_monitor (const MsvisTrendOptions *options,
                                       char                  **written,
                                       MsvisTrendMessage        message,
                                       gpointer                 user_data,
                                       GError                 **error);

/* msvis-trend-locate.c: where a cell of a dump database came from (the window opens its graph) */
gboolean   msvis_trend_locate       (const char             *data_dir,
                                     GPtrArray              *mapping,
                                     gboolean                micro_step,
                                     gint64                  step,
                                     gint64                  rank,
                                     const char             *metric,
                                     const char             *target_name,
                                     gint64                  index,
                                     char                  **dump_dir,
                                     char                  **node_name,
                                     GError                **error);

G_END_DECLS
