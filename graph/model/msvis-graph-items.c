// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-graph-private.h"
#include "msvis-huge-pages.h"

/* The inputs and outputs of nodes: items (a key and a run of fields) in one array, their
 * fields in another, and each node's two runs of items. */

/**
 * msvis_graph_add_fields:
 * @fields: (array length=n_fields): fields to copy
 *
 * Returns: the index of the first copied field, for msvis_graph_add_item()
 */
guint32
msvis_graph_add_fields (MsvisGraph       *self,
                        const MsvisField *fields,
                        guint             n_fields)
{
  guint32 first = self->fields->len;

  /* The largest store of a build: a hundred megabytes for a 100 MB dump. */
  msvis_huge_pages_append_vals (self->fields, fields, n_fields);
  return first;
}

guint32
msvis_graph_add_item (MsvisGraph *self,
                      const char *key,
                      guint32     first_field,
                      guint32     n_fields)
{
  MsvisItem item = { key, first_field, n_fields };

  msvis_huge_pages_append_vals (self->items, &item, 1);
  return self->items->len - 1;
}

guint32
msvis_graph_get_n_items (MsvisGraph *self)
{
  return self->items->len;
}

const MsvisItem *
msvis_graph_get_item (MsvisGraph *self,
                      guint32     item)
{
  g_return_val_if_fail (item < self->items->len, NULL);
  return &g_array_index (self->items, MsvisItem, item);
}

const MsvisField *
msvis_graph_get_fields (MsvisGraph      *self,
                        const MsvisItem *item)
{
  return &g_array_index (self->fields, MsvisField, item->first_field);
}

/**
 * msvis_graph_item_set_fields:
 *
 * Points @item at another run of fields from msvis_graph_add_fields(). Fields are never
 * removed, so the old run stays valid and pointing back at it undoes the change.
 */
void
msvis_graph_item_set_fields (MsvisGraph *self,
                             guint32     item,
                             guint32     first_field,
                             guint32     n_fields)
{
  MsvisItem *record;

  g_return_if_fail (item < self->items->len);
  g_return_if_fail ((gsize)first_field + n_fields <= self->fields->len);

  record = &g_array_index (self->items, MsvisItem, item);
  record->first_field = first_field;
  record->n_fields = n_fields;
}

const MsvisField *
msvis_graph_item_find_field (MsvisGraph *self,
                             guint32     item,
                             guint32     atom)
{
  const MsvisItem *record = msvis_graph_get_item (self, item);
  const MsvisField *fields = msvis_graph_get_fields (self, record);

  for (guint i = 0; i < record->n_fields; i++)
    if (fields[i].name == atom)
      return &fields[i];

  return NULL;
}

void
msvis_graph_node_set_items (MsvisGraph  *self,
                            MsvisNodeId  node,
                            guint32      first_input,
                            guint32      n_inputs,
                            guint32      first_output,
                            guint32      n_outputs)
{
  NodeRecord *record = node_record (self, node);

  record->first_input = first_input;
  record->n_inputs = n_inputs;
  record->first_output = first_output;
  record->n_outputs = n_outputs;
}

guint32
msvis_graph_node_get_inputs (MsvisGraph  *self,
                             MsvisNodeId  node,
                             guint32     *n_inputs)
{
  NodeRecord *record = node_record (self, node);

  *n_inputs = record->n_inputs;
  return record->first_input;
}

guint32
msvis_graph_node_get_outputs (MsvisGraph  *self,
                              MsvisNodeId  node,
                              guint32     *n_outputs)
{
  NodeRecord *record = node_record (self, node);

  *n_outputs = record->n_outputs;
  return record->first_output;
}
