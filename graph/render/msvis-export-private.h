// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <pango/pango.h>

#include "msvis-export.h"

G_BEGIN_DECLS

#define TITLE_FONT     "Sans Bold 16"
#define SUBTITLE_FONT  "Sans 11"
#define HEADING_FONT   "Sans Bold 13"
#define LEGEND_FONT    "Sans 10"

typedef struct
{
  MsvisRgba  color;
  char      *text;
  double     x;        /* placed by measure() */
  double     y;
} MsvisLegendEntry;

typedef struct
{
  char        *heading;
  MsvisLayout *layout;
  MsvisRgba   *fills;
  MsvisRect    area;   /* what of the layout is shown */
  MsvisLabelCache *labels;   /* one a side: node ids of the two sides overlap */
  double       x;      /* where it is shown */
  MsvisNodeId  highlight;   /* ringed; MSVIS_NODE_ID_NONE for none */
} MsvisExportSide;

struct _MsvisExportScene
{
  char                 *title;
  char                 *subtitle;
  GArray               *legend;   /* MsvisLegendEntry */
  MsvisExportSide       sides[MSVIS_EXPORT_MAX_SIDES];
  guint                 n_sides;
  MsvisCompareResults  *links;    /* unowned: the graph outlives the export */
  double                scale;

  gboolean              measured;
  double                width;
  double                height;
  double                title_y;
  double                subtitle_y;
  double                heading_y;
  double                sides_y;
};

/* msvis-export.c: places the title, the legend and the sides, once. */
void   _msvis_export_scene_measure              (MsvisExportScene *self);
/* msvis-export-write.c: below 1 when a PDF page would be too large for viewers. */
double msvis_export_scene_pdf_fit (MsvisExportScene *self);

G_END_DECLS
