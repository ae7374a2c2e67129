// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib-object.h>

#include "msvis-types.h"

G_BEGIN_DECLS

/* Errors of laying a graph out. */
#define MSVIS_LAYOUT_ERROR (msvis_layout_error_quark ())

typedef enum
{
  MSVIS_LAYOUT_ERROR_NO_ROOT,    /* the graph has no root node to start from */
  MSVIS_LAYOUT_ERROR_GRAPHVIZ,   /* graphviz refused a container */
} MsvisLayoutError;

GQuark msvis_layout_error_quark (void);

/* The geometry of what a canvas shows: the root container, each expanded container's
 * children in call order, nested boxes in content pixels (1 px = 1 pt at zoom 1). Immutable
 * and shared between threads once built. The box tree is also the spatial index: a visit
 * skips every subtree whose box misses the area. */

typedef struct
{
  double x;
  double y;
  double width;
  double height;
} MsvisRect;

typedef enum
{
  MSVIS_BOX_SHAPE_MODULE,           /* a container: rounded rectangle */
  MSVIS_BOX_SHAPE_API,              /* a leaf call: pill */
  MSVIS_BOX_SHAPE_API_COLLECTION,   /* Apis_Between_Modules: dashed */
  MSVIS_BOX_SHAPE_UNATTACHED,       /* the viewer's group of unreachable nodes: dashed */
} MsvisBoxShape;

typedef struct
{
  MsvisRect    rect;
  MsvisNodeId  node;
  guint32      parent;        /* box index; MSVIS_LAYOUT_NO_BOX for the root */
  guint32      first_child;   /* children are boxes first_child … first_child + n_children - 1 */
  guint32      n_children;    /* laid-out children: 0 unless expanded */
  guint32      n_subnodes;    /* the node's children in the graph, shown or not */
  guint16      depth;
  guint8       expanded;
  guint8       shape;         /* MsvisBoxShape */
  const char  *label;         /* shortened as tb_graph_ascend shortens ids */
  double       label_width;   /* measured with MSVIS_LAYOUT_FONT */
} MsvisLayoutBox;

#define MSVIS_LAYOUT_NO_BOX    G_MAXUINT32
#define MSVIS_LAYOUT_FONT      "Sans 10"
#define MSVIS_LAYOUT_HEADER    30.   /* an expanded container's title strip */
#define MSVIS_LAYOUT_PADDING   12.

typedef struct _MsvisLayout MsvisLayout;

/* Return FALSE to skip the box's children. */
typedef gboolean (*MsvisLayoutVisitFunc) (const MsvisLayoutBox *box,
                                          gpointer              user_data);

#define MSVIS_TYPE_LAYOUT (msvis_layout_get_type ())

GType                 msvis_layout_get_type     (void) G_GNUC_CONST;
MsvisLayout          *msvis_layout_ref          (MsvisLayout          *self);
void                  msvis_layout_unref        (MsvisLayout          *self);

guint                 msvis_layout_get_n_boxes  (MsvisLayout          *self);
const MsvisLayoutBox *msvis_layout_get_box      (MsvisLayout          *self,
                                                 guint                 index);
const MsvisLayoutBox *msvis_layout_lookup       (MsvisLayout          *self,
                                                 MsvisNodeId           node);
MsvisRect             msvis_layout_get_bounds   (MsvisLayout          *self);
void                  msvis_layout_visit        (MsvisLayout          *self,
                                                 const MsvisRect      *area,
                                                 MsvisLayoutVisitFunc  func,
                                                 gpointer              user_data);
const MsvisLayoutBox *msvis_layout_hit          (MsvisLayout          *self,
                                                 double                x,
                                                 double                y);

gboolean              msvis_rect_intersects     (const MsvisRect      *a,
                                                 const MsvisRect      *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisLayout, msvis_layout_unref)

G_END_DECLS
