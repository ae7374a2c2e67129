// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-types.h"

G_BEGIN_DECLS

/* msprobe 26's indicator model (msprobe-2026.md §7.2–§7.5, indicator_analysis/): the rows of
 * one node go through rule checkers, each of which may raise a row's level and add its
 * message; the node's indicator is the worst level. */

typedef enum
{
  MSVIS_INDICATOR_SUMMARY,
  MSVIS_INDICATOR_MD5,
  MSVIS_INDICATOR_ALL,      /* real data */
} MsvisIndicatorMode;

typedef enum
{
  MSVIS_LEVEL_PASS,
  MSVIS_LEVEL_WARNING,
  MSVIS_LEVEL_ERROR,
} MsvisLevel;

/* The cells of one get_accuracy row the checkers read, as Python holds them. */
typedef struct
{
  const char *npu_name;
  const char *bench_name;          /* "Nan" for an NPU item without a counterpart */
  MsvisField  npu_dtype, bench_dtype;
  MsvisField  npu_shape, bench_shape;
  MsvisField  npu_requires_grad, bench_requires_grad;
  MsvisField  npu_max, npu_min, bench_max, bench_min;
  /* summary: 4 differences then 4 relative errors; real data: the six tensor metrics;
   * md5: the NPU and bench md5 */
  MsvisField  metrics[8];
  guint       n_metrics;
  gboolean    requires_grad_consistent;
  gboolean    output;              /* ".output." in the NPU name */
  MsvisLevel  level;
  guint32     messages;            /* MsvisIndicatorMessage bits, in the order they came */
} MsvisIndicatorRow;

/* The checkers' messages; their order is the order checkers run in. */
typedef enum
{
  MSVIS_MESSAGE_INF_NAN,
  MSVIS_MESSAGE_RELATIVE_ERR,
  MSVIS_MESSAGE_ONE_THOUSANDTH,
  MSVIS_MESSAGE_REQUIRES_GRAD,
  MSVIS_MESSAGE_PARAMETERS,
  MSVIS_MESSAGE_DTYPE,
  MSVIS_MESSAGE_SHAPE,
  MSVIS_MESSAGE_RELATIVE_WARN,
  MSVIS_MESSAGE_COSINE_WARN,
  MSVIS_MESSAGE_CRC32_ERROR,
  MSVIS_MESSAGE_CRC32_WARN,
  MSVIS_N_MESSAGES,
} MsvisIndicatorMessage;

MsvisLevel  msvis_indicator_calculate     (MsvisIndicatorRow  *rows,
                                           guint               n_rows,
                                           MsvisIndicatorMode  mode,
                                           gboolean            parallel_merge);
void        msvis_indicator_append_json   (GString            *out,
                                           guint32             messages);
const char *msvis_indicator_level_name    (MsvisLevel          level);

G_END_DECLS
