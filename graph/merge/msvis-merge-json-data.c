// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-merge-json-private.h"

/* GraphJsonExporter._build_dump_dict (graph_builder.py@8ff00da3, msprobe-2026.md §1.7): the
 * "data" of a merged graph's dump.json. An entry the first rank dumped is copied with the
 * merged statistics laid over its tensors; an entry the merge renamed is made again from the
 * node's items. */

static const char *const stat_names[] = { "Max", "Min", "Mean", "Norm" };

static MsvisJsonValue *
new_value (MsvisArena    *arena,
           MsvisJsonKind  kind)
{
  return msvis_json_value_new (arena, kind);
}

/* An item's value as Python holds it, as JSON. Lists and dicts are kept as their str(). */
static MsvisJsonValue *
field_json (MsvisArena       *arena,
            const MsvisField *field)
{
  MsvisJsonValue *v;

  switch ((MsvisValueKind)field->kind)
    {
    case MSVIS_VALUE_NONE:
      return new_value (arena, MSVIS_JSON_NULL);
    case MSVIS_VALUE_BOOL:
      v = new_value (arena, MSVIS_JSON_BOOL);
      v->b = field->b;
      return v;
    case MSVIS_VALUE_INT:
      v = new_value (arena, MSVIS_JSON_INT);
      v->i = field->i;
      return v;
    case MSVIS_VALUE_FLOAT:
      v = new_value (arena, MSVIS_JSON_FLOAT);
      v->f = field->f;
      return v;
    case MSVIS_VALUE_OBJECT:
      v = merge_json_from_literal (arena, field->s);
      return v != NULL ? v : msvis_json_value_new_string (arena, field->s);
    case MSVIS_VALUE_PERCENT:
      {
        g_autofree char *text = g_strdup_printf ("%.17g%%", field->f);

        return msvis_json_value_new_string (arena, text);
      }
    case MSVIS_VALUE_STR:
    default:
      return msvis_json_value_new_string (arena, field->s);
    }
}

static const MsvisField *
item_field (MsvisGraph *graph,
            guint32     item,
            const char *name)
{
  const MsvisItem *it = msvis_graph_get_item (graph, item);
  const MsvisField *fields = msvis_graph_get_fields (graph, it);

  for (guint32 i = 0; i < it->n_fields; i++)
    if (strcmp (msvis_graph_atom_name (graph, fields[i].name), name) == 0)
      return &fields[i];
  return NULL;
}

/* item.get('full_op_name', key): what a rename made of it, else data_name without its
 * extension, else the item's name. */
static char *
item_full_op_name (MsvisGraph *graph,
                   guint32     item)
{
  const MsvisField *data_name = item_field (graph, item, "data_name");
  const char *renamed = msvis_merge_item_full_op_name (graph, item);

  if (renamed != NULL)
    return g_strdup (renamed);
  if (data_name != NULL && data_name->kind == MSVIS_VALUE_STR &&
      strcmp (data_name->s, "-1") != 0)
    {
      const char *dot = strrchr (data_name->s, '.');

      return dot ? g_strndup (data_name->s, dot - data_name->s) : g_strdup (data_name->s);
    }
  return g_strdup (msvis_graph_get_item (graph, item)->key);
}

/* A statistic of @item as JSON. The parser keeps a bool argument's statistics as the text
 * "True"/"False", but msprobe set them to the value itself, a bool, where dtype is
 * "<class 'bool'>" (vis-format.md §2, gen_op_item step 6). */
static MsvisJsonValue *
stat_json (MsvisArena       *arena,
           MsvisGraph       *graph,
           guint32           item,
           const MsvisField *field)
{
  const MsvisField *dtype = item_field (graph, item, "dtype");

  if (field->kind == MSVIS_VALUE_STR && dtype != NULL && dtype->kind == MSVIS_VALUE_STR &&
      strcmp (dtype->s, "<class 'bool'>") == 0 &&
      (strcmp (field->s, "True") == 0 || strcmp (field->s, "False") == 0))
    {
      MsvisJsonValue *v = new_value (arena, MSVIS_JSON_BOOL);

      v->b = field->s[0] == 'T';
      return v;
    }
  return field_json (arena, field);
}

/* merged_lookup[(node.id, fname)]: the last item of that name, outputs after inputs. */
static gint64
find_item (MsvisGraph  *graph,
           MsvisNodeId  node,
           const char  *fname)
{
  gint64 found = -1;

  for (int outputs = 0; outputs <= 1; outputs++)
    {
      guint32 n, first = outputs ? msvis_graph_node_get_outputs (graph, node, &n)
                                 : msvis_graph_node_get_inputs (graph, node, &n);

      for (guint32 i = 0; i < n; i++)
        {
          g_autofree char *name = item_full_op_name (graph, first + i);

          if (strcmp (name, fname) == 0)
            found = first + i;
        }
    }
  return found;
}

static MsvisJsonValue *
copy_without (MsvisArena           *arena,
              const MsvisJsonValue *object,
              const char           *drop)
{
  MsvisJsonValue *copy = new_value (arena, MSVIS_JSON_OBJECT);

  msvis_json_value_foreach (member, object)
    if (drop == NULL || strcmp (member->key, drop) != 0)
      msvis_json_value_set_member (arena, copy, member->key, msvis_json_value_copy (arena, member));
  return copy;
}

/* _update_stats, and the md5 the export drops from each leaf of the entry's lists. */
static MsvisJsonValue *
update_leaf (MsvisArena           *arena,
             MsvisGraph           *graph,
             MsvisNodeId           node,
             const MsvisJsonValue *leaf,
             const char           *fname,
             gboolean              update)
{
  MsvisJsonValue *out;
  gint64 item;

  if (leaf->kind != MSVIS_JSON_OBJECT)
    return msvis_json_value_copy (arena, leaf);
  out = copy_without (arena, leaf, "md5");
  item = update && node != MSVIS_NODE_ID_NONE ? find_item (graph, node, fname) : -1;
  if (item >= 0 && msvis_graph_get_item (graph, item)->n_fields > 0)
    for (guint s = 0; s < G_N_ELEMENTS (stat_names); s++)
      {
        const MsvisField *f = item_field (graph, item, stat_names[s]);

        if (f != NULL)
          msvis_json_value_set_member (arena, out, stat_names[s], stat_json (arena, graph, item,
                                                                             f));
      }
  return out;
}

static MsvisJsonValue *
update_list (MsvisArena           *arena,
             MsvisGraph           *graph,
             MsvisNodeId           node,
             const char           *id,
             const MsvisJsonValue *list,
             const char           *part)
{
  MsvisJsonValue *out = new_value (arena, MSVIS_JSON_ARRAY);
  guint i = 0;

  msvis_json_value_foreach (leaf, list)
    {
      g_autofree char *fname = g_strdup_printf ("%s.%s.%u", id, part, i++);

      msvis_json_value_append (out, update_leaf (arena, graph, node, leaf, fname, TRUE));
    }
  return out;
}

/* _reconstruct_node_from_raw */
static MsvisJsonValue *
from_raw (MsvisArena           *arena,
          MsvisGraph           *graph,
          MsvisNodeId           node,
          const char           *id,
          const MsvisJsonValue *raw)
{
  MsvisJsonValue *out = new_value (arena, MSVIS_JSON_OBJECT);

  msvis_json_value_foreach (field, raw)
    {
      MsvisJsonValue *made;

      if (strcmp (field->key, "input_args") == 0 && field->kind == MSVIS_JSON_ARRAY)
        made = update_list (arena, graph, node, id, field, "input");
      else if (strcmp (field->key, "output") == 0 && field->kind == MSVIS_JSON_ARRAY)
        made = update_list (arena, graph, node, id, field, "output");
      else if (strcmp (field->key, "parameters") == 0 && field->kind == MSVIS_JSON_ARRAY)
        made = update_list (arena, graph, node, id, field, "parameters");
      else if (strcmp (field->key, "input_kwargs") == 0 && field->kind == MSVIS_JSON_OBJECT)
        {
          made = new_value (arena, MSVIS_JSON_OBJECT);
          msvis_json_value_foreach (leaf, field)
            {
              g_autofree char *fname = g_strdup_printf ("%s.input.%s", id, leaf->key);
              gboolean typed = leaf->kind == MSVIS_JSON_OBJECT &&
                               msvis_json_value_get_member (leaf, "type") != NULL;

              msvis_json_value_set_member (arena, made, leaf->key,
                                           update_leaf (arena, graph, node, leaf, fname, typed));
            }
        }
      else
        made = msvis_json_value_copy (arena, field);
      msvis_json_value_set_member (arena, out, field->key, made);
    }
  return out;
}

/* _convert_entry: an item as dump.json had it, or null when nothing in it is set. */
static MsvisJsonValue *
convert_item (MsvisArena *arena,
              MsvisGraph *graph,
              guint32     item)
{
  const MsvisItem *it = msvis_graph_get_item (graph, item);
  const MsvisField *fields = msvis_graph_get_fields (graph, it);
  MsvisJsonValue *out = new_value (arena, MSVIS_JSON_OBJECT);
  gboolean all_null = TRUE;

  for (guint32 i = 0; i < it->n_fields; i++)
    {
      const char *name = msvis_graph_atom_name (graph, fields[i].name);
      const MsvisField *f = &fields[i];
      MsvisJsonValue *v;

      if (strcmp (name, "data_name") == 0 || strcmp (name, "full_op_name") == 0 ||
          strcmp (name, "state") == 0 ||
          (strcmp (name, "requires_grad") == 0 && f->kind == MSVIS_VALUE_NONE))
        continue;
      if (strcmp (name, "requires_grad") == 0 && f->kind == MSVIS_VALUE_STR)
        {
          v = new_value (arena, MSVIS_JSON_BOOL);
          v->b = strcmp (f->s, "True") == 0;
        }
      else if (strcmp (name, "shape") == 0 &&
               (f->kind == MSVIS_VALUE_STR || f->kind == MSVIS_VALUE_OBJECT))
        {
          /* ast.literal_eval: a list or tuple becomes a list, other values stay text, and
           * what does not parse becomes []. */
          v = merge_json_from_literal (arena, f->s);
          if (v == NULL)
            v = new_value (arena, MSVIS_JSON_ARRAY);
          else if (v->kind != MSVIS_JSON_ARRAY)
            v = field_json (arena, f);
        }
      else if (strcmp (name, "Max") == 0 || strcmp (name, "Min") == 0 ||
               strcmp (name, "Mean") == 0 || strcmp (name, "Norm") == 0)
        v = stat_json (arena, graph, item, f);
      else
        v = field_json (arena, f);
      all_null = all_null && v->kind == MSVIS_JSON_NULL;
      msvis_json_value_set_member (arena, out, name, v);
    }
  if (all_null)
    return new_value (arena, MSVIS_JSON_NULL);
  /* md5 is dropped from every leaf of the entry, as from the copied ones. */
  return copy_without (arena, out, "md5");
}

typedef struct
{
  gint64          position;   /* -1 for a keyword */
  MsvisJsonValue *value;
} Placed;

static gint
by_position (gconstpointer a,
             gconstpointer b)
{
  const Placed *x = a, *y = b;

  return x->position < y->position ? -1 : x->position > y->position;
}

static gboolean
is_digits (const char *text)
{
  return *text != '\0' && text[strspn (text, "0123456789")] == '\0';
}

/* One item sorted into the lists of _reconstruct_node_entry by what follows "{id}.". */
static void
place_item (MsvisArena *arena,
            MsvisGraph *graph,
            const char *id,
            guint32     item,
            gboolean    outputs,
            GArray     *args,
            GArray     *outs,
            MsvisJsonValue *kwargs,
            MsvisJsonValue *params,
            GHashTable *seen)
{
  g_autofree char *fname = item_full_op_name (graph, item);
  const char *suffix = g_str_has_prefix (fname, id) ? fname + MIN (strlen (id) + 1,
                                                                   strlen (fname)) : fname;
  const char *dot = strchr (suffix, '.');
  g_autofree char *marker = NULL;
  g_autofree char *seen_key = NULL;
  const char *idx;

  if (dot == NULL)
    return;
  marker = g_strndup (suffix, dot - suffix);
  idx = dot + 1;
  seen_key = g_strdup_printf ("%s|%s", marker, idx);
  if (!outputs && strcmp (marker, "input") == 0)
    {
      if (!g_hash_table_add (seen, g_steal_pointer (&seen_key)))
        return;
      if (is_digits (idx))
        {
          Placed p = { g_ascii_strtoll (idx, NULL, 10), convert_item (arena, graph, item) };

          g_array_append_val (args, p);
        }
      else
        msvis_json_value_set_member (arena, kwargs, idx, convert_item (arena, graph, item));
    }
  else if (!outputs && strcmp (marker, "parameters") == 0 && is_digits (idx))
    {
      if (g_hash_table_add (seen, g_steal_pointer (&seen_key)))
        msvis_json_value_append (params, convert_item (arena, graph, item));
    }
  else if (outputs && strcmp (marker, "output") == 0 && is_digits (idx))
    {
      Placed p = { g_ascii_strtoll (idx, NULL, 10), convert_item (arena, graph, item) };

      if (g_hash_table_add (seen, g_steal_pointer (&seen_key)))
        g_array_append_val (outs, p);
    }
}

static MsvisJsonValue *
placed_list (MsvisArena *arena,
             GArray     *placed)
{
  MsvisJsonValue *list = new_value (arena, MSVIS_JSON_ARRAY);

  /* sort() in Python is stable; g_array_sort is not: positions are unique by then. */
  g_array_sort (placed, by_position);
  for (guint i = 0; i < placed->len; i++)
    msvis_json_value_append (list, g_array_index (placed, Placed, i).value);
  return list;
}

/* _reconstruct_node_entry: a node the merge renamed, from its items. */
static MsvisJsonValue *
from_items (MsvisArena  *arena,
            MsvisGraph  *graph,
            MsvisNodeId  node,
            const char  *id)
{
  g_autoptr(GArray) args = g_array_new (FALSE, FALSE, sizeof (Placed));
  g_autoptr(GArray) outs = g_array_new (FALSE, FALSE, sizeof (Placed));
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  MsvisJsonValue *kwargs = new_value (arena, MSVIS_JSON_OBJECT);
  MsvisJsonValue *params = new_value (arena, MSVIS_JSON_ARRAY);
  MsvisJsonValue *out = new_value (arena, MSVIS_JSON_OBJECT);

  for (int outputs = 0; outputs <= 1; outputs++)
    {
      guint32 n, first = outputs ? msvis_graph_node_get_outputs (graph, node, &n)
                                 : msvis_graph_node_get_inputs (graph, node, &n);

      for (guint32 i = 0; i < n; i++)
        place_item (arena, graph, id, first + i, outputs, args, outs, kwargs, params, seen);
    }
  if (args->len > 0)
    msvis_json_value_set_member (arena, out, "input_args", placed_list (arena, args));
  if (kwargs->n > 0)
    msvis_json_value_set_member (arena, out, "input_kwargs", kwargs);
  if (outs->len > 0)
    msvis_json_value_set_member (arena, out, "output", placed_list (arena, outs));
  if (params->n > 0)
    msvis_json_value_set_member (arena, out, "parameters", params);
  return out;
}

static gboolean
has_items (MsvisGraph  *graph,
           MsvisNodeId  node)
{
  guint32 n_in, n_out;

  msvis_graph_node_get_inputs (graph, node, &n_in);
  msvis_graph_node_get_outputs (graph, node, &n_out);
  return n_in > 0 || n_out > 0;
}

/**
 * merge_json_data:
 * @sorted: (element-type MsvisNodeId): the nodes in post-order
 * @raw_data: (nullable): the "data" of the first rank's dump.json
 */
MsvisJsonValue *
merge_json_data (MsvisArena           *arena,
                 MsvisGraph           *graph,
                 GArray               *sorted,
                 const MsvisJsonValue *raw_data)
{
  MsvisJsonValue *data = new_value (arena, MSVIS_JSON_OBJECT);

  for (guint i = 0; i < sorted->len; i++)
    {
      MsvisNodeId node = g_array_index (sorted, MsvisNodeId, i);
      const char *id = msvis_graph_node_get_id (graph, node);
      const MsvisJsonValue *raw = raw_data != NULL && raw_data->kind == MSVIS_JSON_OBJECT
        ? msvis_json_value_get_member (raw_data, id) : NULL;
      MsvisNodeId listed = msvis_graph_lookup (graph, id);
      MsvisJsonValue *entry, *info;

      if (node == msvis_graph_get_root (graph) || !has_items (graph, node))
        continue;
      if (raw != NULL && raw->kind == MSVIS_JSON_OBJECT && raw->n > 0)
        entry = from_raw (arena, graph, listed, id, raw);
      else
        entry = from_items (arena, graph, node, id);
      if (entry->n == 0)
        continue;
      info = listed == MSVIS_NODE_ID_NONE ? NULL
                                          : msvis_graph_node_get_merge_info (graph, listed);
      if (info != NULL && info->kind == MSVIS_JSON_ARRAY && info->n > 0)
        msvis_json_value_set_member (arena, entry, "parallel_merge_info",
                                     msvis_json_value_copy (arena, info));
      msvis_json_value_set_member (arena, data, id, entry);
    }
  return data;
}
