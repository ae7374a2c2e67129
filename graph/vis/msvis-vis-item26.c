// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-json-writer.h"
#include "msvis-py-repr.h"
#include "msvis-vis-format.h"
#include "msvis-vis-item26.h"

/* _format_data of 26.0.0: state and full_op_name always go, md5 unless an md5 compare keeps
 * it, requires_grad stays (July dropped it); floats print as str() without July's rounding,
 * strings still lose their quotes, say null for None and round long decimals to six. */

typedef struct
{
  guint32 name;    /* field-name atom */
  gsize   start;   /* its formatted value in scratch */
} Formatted;

/* str() of the floats printed last, by their bits: a tensor's statistics come back as one
 * node's output and the next one's input, and in both graphs of a compare; Python's shortest
 * repr is the slow part of a row. */
#define FLOAT_CACHE_SLOTS 4096

typedef struct
{
  guint64 bits;
  guint8  length;   /* 0: empty slot */
  char    text[31];
} FloatSlot;

struct _MsvisItem26Format
{
  FloatSlot            floats[FLOAT_CACHE_SLOTS];
  MsvisGraph          *graph;
  MsvisCompareResults *results;
  gboolean             keep_md5;
  guint32              atom_max, atom_type, atom_md5, atom_state, atom_full_op_name;
  guint32              pg_keys[4];    /* type, group_ranks, group_id, data_name */
  guint32              p2p_keys[4];   /* op, peer, tag, group_id */
  GString             *key_text;      /* every atom escaped and quoted, end to end */
  GArray              *key_starts;    /* gsize per atom, and the end */
  GString             *scratch;
  Formatted           *formatted;     /* an item's kept fields: g_array_append_val for each */
  guint                n_formatted;   /* was 5 % of graph_visualize's instructions */
  guint                formatted_size;
};

/**
 * msvis_item26_format_new:
 * @keep_md5: an md5 compare: items keep their md5
 */
MsvisItem26Format *
msvis_item26_format_new (MsvisGraph *graph,
                         gboolean    keep_md5)
{
  static const char *pg_keys[] = { "type", "group_ranks", "group_id", "data_name" };
  static const char *p2p_keys[] = { "op", "peer", "tag", "group_id" };
  MsvisItem26Format *self = g_new0 (MsvisItem26Format, 1);

  self->graph = graph;
  self->results = msvis_graph_get_compare_results (graph);
  self->keep_md5 = keep_md5;
  self->atom_max = msvis_graph_atom (graph, "Max");
  self->atom_type = msvis_graph_atom (graph, "type");
  self->atom_md5 = msvis_graph_atom (graph, "md5");
  self->atom_state = msvis_graph_atom (graph, "state");
  self->atom_full_op_name = msvis_graph_atom (graph, "full_op_name");
  for (guint i = 0; i < 4; i++)
    {
      self->pg_keys[i] = msvis_graph_atom (graph, pg_keys[i]);
      self->p2p_keys[i] = msvis_graph_atom (graph, p2p_keys[i]);
    }

  /* Field names repeat in every item: each is escaped once (append_key adds atoms made
   * later). */
  self->key_text = g_string_new (NULL);
  self->key_starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_array_append_val (self->key_starts, self->key_text->len);
  self->scratch = g_string_sized_new (4096);
  self->formatted_size = 32;
  self->formatted = g_new (Formatted, self->formatted_size);
  return self;
}

void
msvis_item26_format_free (MsvisItem26Format *self)
{
  if (self == NULL)
    return;
  g_string_free (self->key_text, TRUE);
  g_array_unref (self->key_starts);
  g_string_free (self->scratch, TRUE);
  g_free (self->formatted);
  g_free (self);
}

static gboolean
in_list (guint32        atom,
         const guint32 *list)
{
  for (guint i = 0; i < 4; i++)
    if (list[i] == atom)
      return TRUE;
  return FALSE;
}

static gboolean
is_kept (MsvisItem26Format *self,
         guint32            name,
         gboolean           process_group,
         gboolean           batch_p2p)
{
  if (name == self->atom_state || name == self->atom_full_op_name)
    return FALSE;
  if (name == self->atom_md5 && !self->keep_md5)
    return FALSE;
  if (batch_p2p && in_list (name, self->p2p_keys))
    return FALSE;
  if (process_group && !in_list (name, self->pg_keys))
    return FALSE;
  return TRUE;
}

static void
format_float (MsvisItem26Format *self,
              GString           *out,
              double             value)
{
  guint64 bits;
  FloatSlot *slot;
  gsize start = out->len;

  memcpy (&bits, &value, sizeof bits);
  slot = &self->floats[(bits * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> 52];
  if (slot->length != 0 && slot->bits == bits)
    {
      msvis_vis_append (out, slot->text, slot->length);
      return;
    }
  msvis_py_append_float_repr (out, value);
  if (out->len - start < sizeof slot->text)
    {
      slot->bits = bits;
      slot->length = out->len - start;
      memcpy (slot->text, out->str + start, slot->length);
    }
}

/* str() of the value after the string rules: only floats differ from July's printing. */
static void
format_value (MsvisItem26Format *self,
              GString           *out,
              const MsvisField  *field)
{
  if (field->kind == MSVIS_VALUE_FLOAT)
    format_float (self, out, field->f);
  else
    msvis_vis_format_value (out, field);
}

static void
append_key (MsvisItem26Format *self,
            GString           *out,
            guint32            atom)
{
  gsize start;

  while (atom + 1 >= self->key_starts->len)
    {
      const char *name = msvis_graph_atom_name (self->graph, self->key_starts->len - 1);

      msvis_json_append_escaped (self->key_text, name, strlen (name));
      g_array_append_val (self->key_starts, self->key_text->len);
    }
  start = g_array_index (self->key_starts, gsize, atom);

  msvis_vis_append (out, self->key_text->str + start,
                    g_array_index (self->key_starts, gsize, atom + 1) - start);
}

static void
format_item (MsvisItem26Format *self,
             guint32            index,
             gboolean           batch_p2p,
             GString           *out)
{
  const MsvisItem *item = msvis_graph_get_item (self->graph, index);
  const MsvisField *fields = msvis_graph_get_fields (self->graph, item);
  const MsvisField *metrics = NULL;
  guint n_metrics = 0;
  gboolean process_group = FALSE;

  for (guint i = 0; i < item->n_fields; i++)
    if (fields[i].name == self->atom_type && fields[i].kind == MSVIS_VALUE_STR &&
        strcmp (fields[i].s, "torch.ProcessGroup") == 0)
      process_group = TRUE;
  if (self->results != NULL)
    metrics = msvis_compare_results_get_metrics (self->results, index, &n_metrics);

  msvis_json_append_escaped (out, item->key, strlen (item->key));
  msvis_vis_append (out, ": ", 2);

  g_string_truncate (self->scratch, 0);
  self->n_formatted = 0;
  for (guint i = 0; i < item->n_fields + n_metrics; i++)
    {
      const MsvisField *field = i < item->n_fields ? &fields[i] : &metrics[i - item->n_fields];
      Formatted f = { field->name, self->scratch->len };

      if (!is_kept (self, field->name, process_group, batch_p2p))
        continue;
      format_value (self, self->scratch, field);
      /* A Max that prints as null turns the whole item into {"value": "null"}, metrics and
       * all. */
      if (field->name == self->atom_max && self->scratch->len - f.start == 4 &&
          memcmp (self->scratch->str + f.start, "null", 4) == 0)
        {
          msvis_vis_append (out, "{\"value\": \"null\"}", 17);
          return;
        }
      if (self->n_formatted == self->formatted_size)
        {
          self->formatted_size *= 2;
          self->formatted = g_renew (Formatted, self->formatted, self->formatted_size);
        }
      self->formatted[self->n_formatted++] = f;
    }

  msvis_vis_append (out, "{", 1);
  for (guint i = 0; i < self->n_formatted; i++)
    {
      const Formatted *f = &self->formatted[i];
      gsize end = i + 1 < self->n_formatted ? self->formatted[i + 1].start : self->scratch->len;

      if (i > 0)
        msvis_vis_append (out, ", ", 2);
      append_key (self, out, f->name);
      msvis_vis_append (out, ": ", 2);
      msvis_json_append_escaped (out, self->scratch->str + f->start, end - f->start);
    }
  msvis_vis_append (out, "}", 1);
}

static void
format_items (MsvisItem26Format *self,
              guint32            first,
              guint32            n,
              gboolean           batch_p2p,
              GString           *out)
{
  msvis_vis_append (out, "{", 1);
  for (guint32 i = 0; i < n; i++)
    {
      if (i > 0)
        msvis_vis_append (out, ", ", 2);
      format_item (self, first + i, batch_p2p, out);
    }
  msvis_vis_append (out, "}", 1);
}

/**
 * msvis_item26_format_node:
 * @input_data: gets json.dumps() of the formatted input_data (appended)
 * @output_data: gets json.dumps() of the formatted output_data (appended)
 */
void
msvis_item26_format_node (MsvisItem26Format *self,
                          MsvisNodeId        node,
                          GString           *input_data,
                          GString           *output_data)
{
  gboolean batch_p2p =
    msvis_str_contains (msvis_graph_node_get_id (self->graph, node), "batch_isend_irecv");
  guint32 first, n;

  first = msvis_graph_node_get_inputs (self->graph, node, &n);
  format_items (self, first, n, batch_p2p, input_data);
  first = msvis_graph_node_get_outputs (self->graph, node, &n);
  format_items (self, first, n, batch_p2p, output_data);
}
