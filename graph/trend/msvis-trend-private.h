// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <sqlite3.h>

#include "msvis-json-value.h"
#include "msvis-trend.h"

G_BEGIN_DECLS

/* The pieces of the dump importer, each a file of this folder (trend-2026 § 2–6). */

#define MSVIS_TREND_N_METRICS 4   /* forward, backward, recompute, parameters_grad */
#define MSVIS_TREND_N_STATS   4   /* norm, max, min, mean */

typedef struct
{
  gint64  rank;
  char   *dir;
} MsvisTrendRank;

typedef struct
{
  gint64  step;
  char   *name;       /* the folder's name */
  GArray *ranks;      /* MsvisTrendRank, in § 2.1 order */
} MsvisTrendStep;

/* § 2: the (step, rank) folders with a dump.json, steps ascending. */
GArray   *msvis_trend_scan          (const char         *data_dir,
                                     gboolean           *found_step,
                                     MsvisTrendMessage   message,
                                     gpointer            user_data,
                                     GError            **error);
gboolean  msvis_trend_parse_int     (const char         *text,
                                     gint64             *value);

gint      msvis_trend_compare_strings (gconstpointer      a,
                                       gconstpointer      b);

/* § 7: monitor CSV cells as pandas reads them */
gboolean   msvis_trend_csv_number   (const char         *text,
                                     double             *value);
GPtrArray *msvis_trend_csv_split    (const char         *line);

/* § 3.2: a dump.json key's renumbered name and micro step. */
typedef struct
{
  const char *name;
  int         micro;
} MsvisTrendRename;

typedef struct
{
  GHashTable       *renamed;   /* dump key → MsvisTrendRename; empty: nothing dropped/renamed */
  gint64            total;
  GStringChunk     *strings;   /* the keys and names */
  MsvisTrendRename *store;
} MsvisTrendMicro;

gboolean  msvis_trend_micro_read    (const char         *construct_path,
                                     MsvisTrendMicro    *micro,
                                     GError            **error);
void      msvis_trend_micro_clear   (MsvisTrendMicro    *micro);

/* § 4, § 6.1, § 6.3, § 6.7 */
gboolean  msvis_trend_stat_value    (const MsvisJsonValue *value,
                                     double             *out);
char     *msvis_trend_replace       (const char         *text,
                                     const char         *old,
                                     const char         *new_text);
char     *msvis_trend_map_name      (GPtrArray          *mapping,
                                     const char         *name);
int       msvis_trend_classify      (char               *name,
                                     const MsvisJsonValue *entry);
gint64    msvis_trend_split_index   (char               *name);
void      msvis_trend_tags          (const char         *name,
                                     GPtrArray          *tags);

/* § 5, § 6.4–6.9: the database */
#define MSVIS_TREND_N_COMMON_SCHEMA 4   /* the tables of every trend database */
#define MSVIS_TREND_N_SCHEMA        6   /* and a dump database's trend_data and metrics */
extern const char *const msvis_trend_schema[MSVIS_TREND_N_SCHEMA];

gboolean  msvis_trend_open_tmp      (const char         *path,
                                     char              **tmp_path,
                                     sqlite3           **db,
                                     GError            **error);
void      msvis_trend_remove_tmp    (const char         *tmp_path);

typedef struct _MsvisTrendDb MsvisTrendDb;

MsvisTrendDb *msvis_trend_db_new    (const char         *path,
                                     GError            **error);
void      msvis_trend_db_add_row    (MsvisTrendDb       *self,
                                     gint64              rank,
                                     gint64              step,
                                     int                 metric,
                                     const char         *target,
                                     gint64              index,
                                     const double       *values,
                                     guint               nulls);
guint     msvis_trend_db_batch_len  (MsvisTrendDb       *self);
gboolean  msvis_trend_db_flush      (MsvisTrendDb       *self,
                                     GError            **error);
gboolean  msvis_trend_db_commit     (MsvisTrendDb       *self,
                                     gint64              max_rank,
                                     gint64              min_step,
                                     gint64              max_step,
                                     GError            **error);
void      msvis_trend_db_free       (MsvisTrendDb       *self);

/* § 6.1: one dump.json into rows, handed over a chunk at a time so that files can be read on
 * other threads while the database takes the rows of the files before, in order. */
typedef struct
{
  const char *target;     /* NULL: msprobe flushes here (§ 6.6) */
  gint64      index;
  gint64      micro;      /* the micro step; the row's step is the file's start plus this */
  double      values[MSVIS_TREND_N_STATS];
  guint8      metric;
  guint8      nulls;
} MsvisTrendRecord;

typedef struct
{
  GStringChunk *names;
  GArray       *records;  /* MsvisTrendRecord; NULL: the end of the file */
} MsvisTrendChunk;

/* takes the chunk */
typedef void (*MsvisTrendDeliver) (MsvisTrendChunk *chunk,
                                   gpointer         user_data);

MsvisTrendChunk *msvis_trend_chunk_new  (gboolean          end);
void      msvis_trend_chunk_free    (MsvisTrendChunk       *chunk);
gboolean  msvis_trend_process_file  (const char            *dump_path,
                                     const MsvisTrendMicro *micro,
                                     GPtrArray             *mapping,
                                     MsvisTrendDeliver      deliver,
                                     gpointer               user_data,
                                     const gint            *cancelled,
                                     gboolean              *has_data,
                                     GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisTrendDb, msvis_trend_db_free)

G_END_DECLS
