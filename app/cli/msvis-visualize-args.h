// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* msprobe 26.0.0's graph_visualize arguments as argparse reads them (msprobe-2026.md §1.1):
 * unambiguous prefixes of option names, -x<value> glued to a one-letter option, --opt=value,
 * nargs '+' and '?', int lists. */
typedef struct
{
  char     *target_path;       /* -tp, required */
  char     *output_path;       /* -o, required */
  char     *golden_path;       /* -gp */
  gboolean  layer_mapping_set; /* -lm given */
  char     *layer_mapping;     /* its value, NULL for a bare -lm */
  gboolean  overflow_check;
  gboolean  fuzzy_match;
  gboolean  tensor_log;
  gboolean  progress_log;
  GArray   *rank_size;         /* int lists, NULL when not given */
  GArray   *tp;
  GArray   *pp;
  GArray   *vpp;               /* default [1] */
  GPtrArray *order;            /* default ["tp-cp-ep-dp-pp"] */
  char     *file_type;         /* "db" (default) or "json" */
  char     *rank_select;       /* --rank (msvis only): such as "0-3,8", NULL for all */
  char     *step_select;       /* --step (msvis only) */
  gboolean  help;
} MsvisVisualizeArgs;

gboolean msvis_visualize_args_parse (MsvisVisualizeArgs  *args,
                                     int                  argc,
                                     char               **argv,
                                     char               **message);
void     msvis_visualize_args_clear (MsvisVisualizeArgs  *args);
void     msvis_visualize_args_print_help (void);

G_END_DECLS
