// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"

G_BEGIN_DECLS

/* The three files of one msprobe dump directory. dump.json is streamed one entry at a time;
 * names and stacks go straight into the graph that is being built. */

typedef struct
{
  const char *child;    /* interned in the graph */
  const char *parent;   /* NULL for top level */
  guint64     offset;   /* where the member starts in construct.json, for messages */
  gint32      micro_step;  /* a Megatron construct's [parent, micro_step]; else 0 */
} MsvisConstructPair;

/* Longer names are refused: no model has them, and every view would choke on them. */
#define MSVIS_MAX_NAME_LENGTH 65536

typedef struct
{
  GArray     *pairs;       /* MsvisConstructPair, in file order */
  GHashTable *index;       /* child -> position in pairs + 1 */
  GFile      *file;
  /* megatron_micro_step_number of a Megatron/MindSpeed construct.json (msprobe-2026.md §2.4),
   * -1 for the plain form */
  gint64      micro_step_number;
} MsvisConstruct;

typedef struct
{
  char     *task;
  char     *level;
  char     *framework;
  char     *dump_data_dir;        /* NULL when the file has null */
  gboolean  has_dump_data_dir;
  gboolean  has_md5;              /* some entry has a first-level leaf with "md5" */
  gboolean  is_merged;            /* "is_merged": true, a merged graph written back as a dump
                                   * by graph_visualize --file_type json (msprobe-2026.md §1.7) */
} MsvisDumpHeader;

typedef gboolean (*MsvisDumpEntryFunc) (const char            *name,
                                        const MsvisJsonValue  *entry,
                                        gpointer               user_data,
                                        GError               **error);

MsvisConstruct *msvis_construct_read (GFile              *file,
                                      MsvisGraph         *graph,
                                      GCancellable       *cancellable,
                                      GError            **error);
GHashTable *msvis_stack_read         (GFile              *file,
                                      MsvisGraph         *graph,
                                      GCancellable       *cancellable,
                                      GError            **error);
gboolean    msvis_dump_json_read     (GFile              *file,
                                      MsvisDumpHeader    *header,
                                      MsvisDumpEntryFunc  func,
                                      gpointer            user_data,
                                      GCancellable       *cancellable,
                                      GError            **error);
gboolean    msvis_dump_json_peek_merged (GFile           *file,
                                         gboolean        *merged,
                                         GCancellable    *cancellable,
                                         GError         **error);
void        msvis_dump_header_clear  (MsvisDumpHeader    *header);
void        msvis_construct_free     (MsvisConstruct     *construct);
gboolean    msvis_construct_lookup   (MsvisConstruct     *construct,
                                      const char         *child,
                                      const char        **parent);
gint        msvis_construct_get_micro_step (MsvisConstruct *construct,
                                            const char     *child);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisConstruct, msvis_construct_free)

G_END_DECLS
