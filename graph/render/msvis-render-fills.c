// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-graph.h"
#include "msvis-json-escape.h"
#include "msvis-render.h"

/* tb_graph_ascend's fills (vis-format.md §6.4). */
const MsvisRgba msvis_render_unmatched_grey = { 199 / 255., 199 / 255., 199 / 255., 1 };
const MsvisRgba msvis_render_white = { 1, 1, 1, 1 };
/* No overflow is white: grey is what "unmatched" looks like in every other mode, and a graph
 * whose nodes mostly have no overflow read as all unmatched. */
const MsvisRgba msvis_render_overflow_fills[4] = {
  { 1, 1, 1, 1 },                                /* none */
  { 0xB6 / 255., 0xC7 / 255., 0xFC / 255., 1 },  /* medium */
  { 0x7E / 255., 0x96 / 255., 0xF0 / 255., 1 },  /* high */
  { 0x46 / 255., 0x68 / 255., 0xB8 / 255., 1 },  /* critical */
};

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
      int hi = msvis_hex_digit_value (text[1 + i * width]);
      int lo = msvis_hex_digit_value (text[1 + i * width + width - 1]);

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
             guint         bucket)
{
  MsvisRgba rgba;

  if (!msvis_rgba_parse (msvis_buckets_get (buckets, bucket)->color, &rgba))
    rgba = msvis_render_unmatched_grey;
  return rgba;
}

struct _MsvisFillMap
{
  MsvisGraph          *graph;
  MsvisGraph          *other;
  gboolean             is_bench;
  MsvisBuckets        *buckets;
  MsvisPalette         palette;
  MsvisCompareResults *results;       /* @graph's */
  MsvisCompareResults *npu_results;   /* the NPU graph's, which holds the precision */
  const MsvisNodeId   *links;         /* nullable: @graph's counterparts, else its results' */
  guint                n_buckets;
  MsvisRgba            bucket_fills[]; /* one per bucket, parsed once */
};

/**
 * msvis_fill_map_new:
 * @other: (nullable): the other graph of a compare; %NULL for a build
 * @buckets: (nullable): the compare's colour legend
 *
 * Costs one colour per bucket, nothing per node: @graph, @other and @buckets are borrowed and
 * must outlive the map.
 */
MsvisFillMap *
msvis_fill_map_new (MsvisGraph   *graph,
                    MsvisGraph   *other,
                    gboolean      is_bench,
                    MsvisBuckets *buckets,
                    MsvisPalette  palette)
{
  guint n = buckets ? msvis_buckets_get_n (buckets) : 0;
  MsvisFillMap *self = g_malloc0 (sizeof *self + n * sizeof (MsvisRgba));

  self->graph = graph;
  self->other = other;
  self->is_bench = is_bench;
  self->buckets = buckets;
  self->palette = palette;
  self->results = msvis_graph_get_compare_results (graph);
  if (other != NULL)
    self->npu_results = msvis_graph_get_compare_results (is_bench ? other : graph);
  self->n_buckets = n;
  for (guint i = 0; i < n; i++)
    self->bucket_fills[i] = bucket_fill (buckets, i);
  return self;
}

/**
 * msvis_fill_map_set_links:
 * @links: (nullable): one counterpart per node of the map's graph, borrowed, which must
 *   outlive the map; %NULL: the graph's compare results
 *
 * For a Bench graph whose file left the links to the NPU side (see
 * msvis_vis_document_get_bench_links()).
 */
void
msvis_fill_map_set_links (MsvisFillMap      *self,
                          const MsvisNodeId *links)
{
  self->links = links;
}

void
msvis_fill_map_free (MsvisFillMap *self)
{
  g_free (self);
}

/* The NPU side classifies itself; a Bench node shows its NPU counterpart's colour, so both
 * sides point at the same problem. */
static MsvisRgba
compare_fill (const MsvisFillMap *self,
              MsvisNodeId         node)
{
  MsvisNodeId link = self->links ? self->links[node]
                    : self->results ? msvis_compare_results_get_link (self->results, node)
                    : MSVIS_NODE_ID_NONE;
  int bucket;

  if (link == MSVIS_NODE_ID_NONE || self->npu_results == NULL)
    return msvis_render_unmatched_grey;
  if (self->buckets == NULL)
    return msvis_render_white;
  bucket = msvis_buckets_classify (self->buckets, TRUE,
                                   msvis_compare_results_get_precision (
                                     self->npu_results, self->is_bench ? link : node));
  if (bucket >= 0 && (guint)bucket < self->n_buckets)
    return self->bucket_fills[bucket];
  return bucket == MSVIS_BUCKET_NO_VALUE ? msvis_render_white : msvis_render_unmatched_grey;
}

static MsvisNodeId
link_of (const MsvisFillMap *self,
         MsvisNodeId         node)
{
  return self->links ? self->links[node]
         : self->results ? msvis_compare_results_get_link (self->results, node)
         : MSVIS_NODE_ID_NONE;
}

/* An API list is white like tb_graph_ascend's, unless nothing in it has a counterpart: then it
 * is as unmatched as its calls, and white would hide that (issue 25). */
static gboolean
all_unmatched (const MsvisFillMap *self,
               MsvisNodeId         node)
{
  MsvisNodeId child = msvis_graph_node_get_first_child (self->graph, node);

  if (child == MSVIS_NODE_ID_NONE)
    return FALSE;
  for (; child != MSVIS_NODE_ID_NONE; child = msvis_graph_node_get_next_sibling (self->graph,
                                                                                 child))
    if (link_of (self, child) != MSVIS_NODE_ID_NONE)
      return FALSE;
  return TRUE;
}

/* A node's fill, worked out when it is drawn: a few array reads and a walk of the buckets. */
MsvisRgba
msvis_fill_map_get (const MsvisFillMap *self,
                    MsvisNodeId         node)
{
  if (self->palette == MSVIS_PALETTE_OVERFLOW)
    return msvis_render_overflow_fills[MIN (msvis_graph_node_get_overflow (self->graph, node),
                                            G_N_ELEMENTS (msvis_render_overflow_fills) - 1)];
  if (msvis_graph_node_get_node_type (self->graph, node) == MSVIS_NODE_API_COLLECTION)
    return self->other != NULL && all_unmatched (self, node) ? msvis_render_unmatched_grey
                                                             : msvis_render_white;
  if (self->other != NULL)
    return compare_fill (self, node);
  return msvis_render_white;
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
  MsvisFillMap *map = msvis_fill_map_new (graph, other, is_bench, buckets, palette);

  for (MsvisNodeId node = 0; node < n; node++)
    fills[node] = msvis_fill_map_get (map, node);
  msvis_fill_map_free (map);
  return fills;
}
