// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-node-item.h"

struct _MsvisNodeItem
{
  GObject          parent_instance;

  MsvisNodeFinder *finder;   /* owned */
  MsvisNodeId      node;
};

G_DEFINE_FINAL_TYPE (MsvisNodeItem, msvis_node_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NODE,
  PROP_NAME,
  PROP_BUCKET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
msvis_node_item_finalize (GObject *object)
{
  MsvisNodeItem *self = (MsvisNodeItem *)object;

  g_clear_pointer (&self->finder, msvis_node_finder_unref);

  G_OBJECT_CLASS (msvis_node_item_parent_class)->finalize (object);
}

static void
msvis_node_item_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MsvisNodeItem *self = MSVIS_NODE_ITEM (object);

  switch (prop_id)
    {
    case PROP_NODE:
      g_value_set_uint (value, msvis_node_item_get_node (self));
      break;

    case PROP_NAME:
      g_value_set_string (value, msvis_node_item_get_name (self));
      break;

    case PROP_BUCKET:
      g_value_set_int (value, msvis_node_item_get_bucket (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
msvis_node_item_class_init (MsvisNodeItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = msvis_node_item_finalize;
  object_class->get_property = msvis_node_item_get_property;

  /* Read-only: for GtkExpression lookups and the inspector. */
  properties[PROP_NODE] =
    g_param_spec_uint ("node", NULL, NULL, 0, G_MAXUINT32, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUCKET] =
    g_param_spec_int ("bucket", NULL, NULL, G_MININT, G_MAXINT, 0,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
msvis_node_item_init (MsvisNodeItem *self)
{
}

/**
 * msvis_node_item_new:
 *
 * Returns: (transfer full): a row for @node of @finder's side
 */
MsvisNodeItem *
msvis_node_item_new (MsvisNodeFinder *finder,
                     MsvisNodeId      node)
{
  MsvisNodeItem *self;

  g_return_val_if_fail (finder != NULL, NULL);
  g_return_val_if_fail (node < msvis_graph_get_n_nodes (msvis_node_finder_get_graph (finder)),
                        NULL);

  self = g_object_new (MSVIS_TYPE_NODE_ITEM, NULL);
  self->finder = msvis_node_finder_ref (finder);
  self->node = node;
  return self;
}

/**
 * msvis_node_item_get_finder:
 *
 * Returns: (transfer none): the finder of the side the node is on
 */
MsvisNodeFinder *
msvis_node_item_get_finder (MsvisNodeItem *self)
{
  g_return_val_if_fail (MSVIS_IS_NODE_ITEM (self), NULL);
  return self->finder;
}

MsvisNodeId
msvis_node_item_get_node (MsvisNodeItem *self)
{
  g_return_val_if_fail (MSVIS_IS_NODE_ITEM (self), MSVIS_NODE_ID_NONE);
  return self->node;
}

/**
 * msvis_node_item_get_name:
 *
 * Returns: (transfer none): the node's id, as msprobe names it; interned in the graph
 */
const char *
msvis_node_item_get_name (MsvisNodeItem *self)
{
  g_return_val_if_fail (MSVIS_IS_NODE_ITEM (self), NULL);
  return msvis_graph_node_get_id (msvis_node_finder_get_graph (self->finder), self->node);
}

MsvisNodeType
msvis_node_item_get_node_type (MsvisNodeItem *self)
{
  g_return_val_if_fail (MSVIS_IS_NODE_ITEM (self), MSVIS_NODE_MODULE);
  return msvis_graph_node_get_node_type (msvis_node_finder_get_graph (self->finder),
                                         self->node);
}

/**
 * msvis_node_item_get_bucket:
 *
 * Returns: the node's bucket, as msvis_node_finder_get_bucket() gives it
 */
int
msvis_node_item_get_bucket (MsvisNodeItem *self)
{
  g_return_val_if_fail (MSVIS_IS_NODE_ITEM (self), MSVIS_BUCKET_NO_VALUE);
  return msvis_node_finder_get_bucket (self->finder, self->node);
}

/**
 * msvis_node_item_get_color:
 *
 * Returns: (nullable): the node's fill, "#RRGGBB"; NULL in a build
 */
const char *
msvis_node_item_get_color (MsvisNodeItem *self)
{
  g_return_val_if_fail (MSVIS_IS_NODE_ITEM (self), NULL);
  return msvis_node_finder_get_bucket_color (self->finder, msvis_node_item_get_bucket (self));
}
