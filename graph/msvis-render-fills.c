// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-graph.h"
#include "msvis-render.h"

/* tb_graph_ascend's fills (vis-format.md §6.4). */
const MsvisRgba msvis_render_unmatched_grey = { 199 / 255., 199 / 255., 199 / 255., 1 };
const MsvisRgba msvis_render_white = { 1, 1, 1, 1 };
const MsvisRgba msvis_render_overflow_fills[4] = {
  { 199 / 255., 199 / 255., 199 / 255., 1 },     /* none */
  { 0xB6 / 255., 0xC7 / 255., 0xFC / 255., 1 },  /* medium */
  { 0x7E / 255., 0x96 / 255., 0xF0 / 255., 1 },  /* high */
  { 0x46 / 255., 0x68 / 255., 0xB8 / 255., 1 },  /* critical */
};

static int
hex_digit (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* "#RRGGBB" or "#RGB": the forms the Colors member uses. */
gboolean
msvis_rgba_parse (const char *text,
                  MsvisRgba  *rgba)
{
  double channel[3];
  gsize len = text ? strlen (text) : 0;
  gsize width;

  if (len != 4 && len != 7)
    return FALSE;
  if (text[0] != '#')
    return FALSE;
  width = len == 7 ? 2 : 1;
  for (guint i = 0; i < 3; i++)
    {
      int hi = hex_digit (text[1 + i * width]);
      int lo = hex_digit (text[1 + i * width + width - 1]);

      if (hi < 0 || lo < 0)
        return FALSE;
      channel[i] = (hi * 16 + lo) / 255.;
    }
  *rgba = (MsvisRgba) { channel[0], channel[1], channel[2], 1 };
  return TRUE;
}

gboolean
msvis_rgba_is_light (const MsvisRgba *rgba)
{
  return 0.299 * rgba->red + 0.587 * rgba->green + 0.114 * rgba->blue > 0.55;
}

static MsvisRgba
bucket_fill (MsvisBuckets *buckets,
             int           bucket)
{
  MsvisRgba rgba = msvis_render_unmatched_grey;

  if (bucket >= 0)
    {
      if (!msvis_rgba_parse (msvis_buckets_get (buckets, bucket)->color, &rgba))
        rgba = msvis_render_unmatched_grey;
    }
  else if (bucket == MSVIS_BUCKET_NO_VALUE)
    rgba = msvis_render_white;
  return rgba;
}

/* The NPU side classifies itself; a Bench node shows its NPU counterpart's colour, so both
 * sides point at the same problem. */
static MsvisRgba
compare_fill (MsvisGraph   *graph,
              MsvisGraph   *other,
              gboolean      is_bench,
              MsvisBuckets *buckets,
              MsvisNodeId   node)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  MsvisCompareResults *npu_results = msvis_graph_get_compare_results (is_bench ? other : graph);
  MsvisNodeId link = results ? msvis_compare_results_get_link (results, node)
                             : MSVIS_NODE_ID_NONE;

  if (link == MSVIS_NODE_ID_NONE || npu_results == NULL)
    return msvis_render_unmatched_grey;
  if (buckets == NULL)
    return msvis_render_white;
  return bucket_fill (buckets,
                      msvis_buckets_classify (buckets, TRUE,
                                              msvis_compare_results_get_precision (
                                                npu_results, is_bench ? link : node)));
}

MsvisRgba *
msvis_render_fills_new (MsvisGraph   *graph,
                        MsvisGraph   *other,
                        gboolean      is_bench,
                        MsvisBuckets *buckets,
                        MsvisPalette  palette)
{
  guint n = msvis_graph_get_n_nodes (graph);
  MsvisRgba *fills = g_new (MsvisRgba, MAX (n, 1));

  for (MsvisNodeId node = 0; node < n; node++)
    {
      if (palette == MSVIS_PALETTE_OVERFLOW)
        fills[node] = msvis_render_overflow_fills[MIN (msvis_graph_node_get_overflow (graph, node),
                                                       G_N_ELEMENTS (msvis_render_overflow_fills)
                                                       - 1)];
      else if (msvis_graph_node_get_node_type (graph, node) == MSVIS_NODE_API_COLLECTION)
        fills[node] = msvis_render_white;
      else if (other != NULL)
        fills[node] = compare_fill (graph, other, is_bench, buckets, node);
      else
        fills[node] = msvis_render_white;
    }
  return fills;
}
