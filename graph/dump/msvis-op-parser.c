// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-dump-keys.h"
#include "msvis-number-format.h"
#include "msvis-op-names.h"
#include "msvis-op-parser.h"
#include "msvis-py-repr.h"
#include "msvis-reader-error.h"
#include "msvis-vector.h"

#define MAX_ITEM_DEPTH 10   /* msprobe's Const.MAX_DEPTH */

typedef enum
{
  ATOM_TYPE, ATOM_DTYPE, ATOM_SHAPE, ATOM_MAX, ATOM_MIN, ATOM_MEAN, ATOM_NORM, ATOM_MD5,
  ATOM_VALUE, ATOM_DATA_NAME, ATOM_FULL_OP_NAME, ATOM_STATE, ATOM_REQUIRES_GRAD,
  /* a torch.distributed.P2POp's own keys, in the order msprobe 26 sets them */
  ATOM_CLASS_TYPE, ATOM_OP, ATOM_PEER, ATOM_TAG, ATOM_GROUP_ID, N_ATOMS
} Atom;

static const char *atom_names[N_ATOMS] = {
  "type", "dtype", "shape", "Max", "Min", "Mean", "Norm", "md5",
  "value", "data_name", "full_op_name", "state", "requires_grad",
  "class_type", "op", "peer", "tag", "group_id",
};

/* Field names and short values repeat in every leaf ("dtype", "torch.float32"); a small
 * direct-mapped cache in front of the graph's tables saves a hash lookup for most of them. */
#define CACHE_BITS 10
#define CACHE_SIZE (1 << CACHE_BITS)

typedef struct
{
  const char *text;      /* the graph's copy */
  guint32     length;
  guint32     atom;
} CacheSlot;

/* One item being built: its fields, then where it goes. */
typedef struct
{
  const char *key;
  guint       first;     /* into fields */
  guint       n;
} Pending;

struct _MsvisOpParser
{
  MsvisGraph *graph;
  gboolean    keep_md5;
  MsvisEra    era;
  guint32     atoms[N_ATOMS];
  guint32     key_atoms[MSVIS_N_DUMP_KEYS];   /* msvis_dump_keys' */
  MsvisVector fields;      /* MsvisField, every pending item's */
  GArray     *inputs;      /* Pending */
  GArray     *outputs;     /* Pending */
  GHashTable *input_keys;  /* key -> index + 1, for msprobe's last-one-wins dict assignment */
  GHashTable *output_keys;
  GString    *scratch;
  GString    *name;
  MsvisVector kept;        /* MsvisField: the fields of one item as it is committed */
  guint64     present;     /* a bit per field name of the leaf being read, names mod 64 */
  CacheSlot   atom_cache[CACHE_SIZE];
  CacheSlot   string_cache[CACHE_SIZE];
  MsvisArena *arena;       /* strings that live until the entry is committed */
};

/* g_string_truncate is a function call in GLib 2.74; this runs for every item name. */
static inline void
cut (GString *s,
     gsize    length)
{
  s->len = length;
  s->str[length] = '\0';
}

/* Every byte counts: shapes such as "[2, 2048]" and "[2, 4096]" differ in the middle. Eight
 * bytes a step, as this runs for every key and short value of every leaf. */
static inline guint
cache_slot (const char *text,
            gsize       length)
{
  const guint64 k = 0x9e3779b97f4a7c15u;
  guint64 h = length * k, word;
  gsize i = 0;

  for (; i + 8 <= length; i += 8)
    {
      memcpy (&word, text + i, 8);
      h = ((h << 5 | h >> 59) ^ word) * k;
    }
  word = 0;
  memcpy (&word, text + i, length - i);
  h = ((h << 5 | h >> 59) ^ word) * k;
  return h >> (64 - CACHE_BITS);
}

static inline gboolean
slot_holds (const CacheSlot *slot,
            const char      *text,
            gsize            length)
{
  return slot->text != NULL && slot->length == length && memcmp (slot->text, text, length) == 0;
}

static guint32
cached_atom (MsvisOpParser *self,
             const char    *name,
             gsize          length)
{
  MsvisDumpKey known = msvis_dump_key_find (name, length);
  CacheSlot *slot;

  /* The keys every leaf has are told apart without a hash. */
  if (known != MSVIS_N_DUMP_KEYS)
    return self->key_atoms[known];

  slot = &self->atom_cache[cache_slot (name, length)];

  if (!slot_holds (slot, name, length))
    {
      slot->atom = msvis_graph_atom (self->graph, name);
      slot->text = msvis_graph_atom_name (self->graph, slot->atom);
      /* Not @length: a name with a NUL in it is known by the part before. */
      slot->length = strlen (slot->text);
    }
  return slot->atom;
}

static const char *
cached_intern (MsvisOpParser *self,
               const char    *text,
               gsize          length)
{
  CacheSlot *slot = &self->string_cache[cache_slot (text, length)];

  if (!slot_holds (slot, text, length))
    {
      slot->text = msvis_graph_intern (self->graph, text);
      slot->length = strlen (slot->text);
    }
  return slot->text;
}

MsvisOpParser *
msvis_op_parser_new (MsvisGraph *graph,
                     gboolean    keep_md5)
{
  MsvisOpParser *self = g_new0 (MsvisOpParser, 1);

  self->graph = g_object_ref (graph);
  self->keep_md5 = keep_md5;
  for (guint i = 0; i < N_ATOMS; i++)
    self->atoms[i] = msvis_graph_atom (graph, atom_names[i]);
  for (guint i = 0; i < MSVIS_N_DUMP_KEYS; i++)
    self->key_atoms[i] = msvis_graph_atom (graph, msvis_dump_keys[i]);
  self->inputs = g_array_new (FALSE, FALSE, sizeof (Pending));
  self->outputs = g_array_new (FALSE, FALSE, sizeof (Pending));
  self->input_keys = g_hash_table_new (msvis_str_hash, g_str_equal);
  self->output_keys = g_hash_table_new (msvis_str_hash, g_str_equal);
  self->scratch = g_string_new (NULL);
  self->name = g_string_new (NULL);
  self->arena = msvis_arena_new ();

  return self;
}

/* Which msprobe's items to make: msprobe 26 adds requires_grad to every item and takes a
 * P2POp for one (msprobe-2026.md §3.2). July by default. */
void
msvis_op_parser_set_era (MsvisOpParser *self,
                         MsvisEra       era)
{
  self->era = era;
}

void
msvis_op_parser_free (MsvisOpParser *self)
{
  if (self == NULL)
    return;

  g_object_unref (self->graph);
  msvis_vector_clear (&self->fields);
  g_array_unref (self->inputs);
  g_array_unref (self->outputs);
  g_hash_table_unref (self->input_keys);
  g_hash_table_unref (self->output_keys);
  g_string_free (self->scratch, TRUE);
  g_string_free (self->name, TRUE);
  msvis_vector_clear (&self->kept);
  msvis_arena_free (self->arena);
  g_free (self);
}

static MsvisField
str_field (MsvisOpParser *self,
           Atom           atom,
           const char    *text)
{
  MsvisField field = { .name = self->atoms[atom], .kind = MSVIS_VALUE_STR };

  field.s = cached_intern (self, text, strlen (text));
  return field;
}

/* A string that is dropped before the item is committed. */
static MsvisField
temp_field (MsvisOpParser *self,
            Atom           atom,
            const char    *text)
{
  MsvisField field = { .name = self->atoms[atom], .kind = MSVIS_VALUE_STR, .s = text };

  return field;
}

static inline guint64
name_bit (guint32 name)
{
  return G_GUINT64_CONSTANT (1) << (name & 63);
}

static void
push_field (MsvisOpParser *self,
            MsvisField     field)
{
  self->present |= name_bit (field.name);
  *(MsvisField *)msvis_vector_push (&self->fields, sizeof (MsvisField)) = field;
}

/* A leaf has a dozen fields and is asked for each of its names: the bits of the names it
 * has answer most questions without a scan. */
static MsvisField *
find_field (MsvisOpParser *self,
            guint          first,
            Atom           atom)
{
  if ((self->present & name_bit (self->atoms[atom])) == 0)
    return NULL;

  for (guint i = first; i < self->fields.len; i++)
    {
      MsvisField *field = &msvis_vector_index (&self->fields, MsvisField, i);

      if (field->name == self->atoms[atom])
        return field;
    }

  return NULL;
}

/* item[key] = value: in place if the key is there, appended if not. Inlined: a dozen calls a
 * leaf. */
static inline void
set_field (MsvisOpParser *self,
           guint          first,
           MsvisField     field)
{
  if (self->present & name_bit (field.name))
    for (guint i = first; i < self->fields.len; i++)
      {
        MsvisField *existing = &msvis_vector_index (&self->fields, MsvisField, i);

        if (existing->name == field.name)
          {
            *existing = field;
            return;
          }
      }

  push_field (self, field);
}

static void
set_stats (MsvisOpParser *self,
           guint          first,
           MsvisField     value)
{
  for (Atom a = ATOM_MAX; a <= ATOM_NORM; a++)
    {
      value.name = self->atoms[a];
      set_field (self, first, value);
    }
}

/* np.shape() of a slice's [start, stop, step], as str() prints the tuple. */
static void
append_numpy_shape (GString              *out,
                    const MsvisJsonValue *value)
{
  g_string_append_c (out, '(');
  for (const MsvisJsonValue *v = value; v && v->kind == MSVIS_JSON_ARRAY; v = v->first)
    {
      if (v != value)
        g_string_append (out, ", ");
      g_string_append_printf (out, "%u", v->n);
      if (v->n == 0)
        break;
    }
  if (value && value->kind == MSVIS_JSON_ARRAY && (value->first == NULL ||
                                                   value->first->kind != MSVIS_JSON_ARRAY))
    g_string_append_c (out, ',');
  g_string_append_c (out, ')');
}

/* Step 6 of gen_op_item: what a leaf without dtype (not a tensor) shows. */
static void
describe_non_tensor (MsvisOpParser        *self,
                     guint                 first,
                     const MsvisJsonValue *leaf,
                     const char           *name)
{
  const char *type = msvis_json_value_get_string (msvis_json_value_get_member (leaf, "type"));
  const MsvisJsonValue *value = msvis_json_value_get_member (leaf, "value");
  const char *last = msvis_op_name_last_component (name);
  MsvisField field;

  cut (self->scratch, 0);

  if (g_strcmp0 (type, "torch.Size") == 0)
    {
      set_field (self, first, str_field (self, ATOM_DTYPE, "torch.Size"));
      msvis_py_append_str (self->scratch, value);
      set_field (self, first, str_field (self, ATOM_SHAPE, self->scratch->str));
    }
  else if (g_strcmp0 (type, "slice") == 0)
    {
      set_field (self, first, str_field (self, ATOM_DTYPE, "slice"));
      append_numpy_shape (self->scratch, value);
      set_field (self, first, str_field (self, ATOM_SHAPE, self->scratch->str));
    }
  else if (g_strcmp0 (type, "ellipsis") == 0)
    {
      set_field (self, first, str_field (self, ATOM_DTYPE, "ellipsis"));
      set_field (self, first, str_field (self, ATOM_SHAPE, "[]"));
      set_stats (self, first, msvis_field_from_json (self->graph, 0, value, self->scratch));
    }
  else if (strcmp (last, "src") == 0 || strcmp (last, "dst") == 0 ||
           strcmp (last, "group_src") == 0 || strcmp (last, "group_dst") == 0 ||
           g_strcmp0 (type, "torch.ProcessGroup") == 0)
    {
      const MsvisJsonValue *shown = g_strcmp0 (type, "torch.ProcessGroup") == 0
        ? msvis_json_value_get_member (leaf, "group_ranks") : value;

      field = msvis_field_from_json (self->graph, self->atoms[ATOM_DTYPE],
                                     msvis_json_value_get_member (leaf, "type"), self->scratch);
      set_field (self, first, field);
      set_field (self, first, str_field (self, ATOM_SHAPE, "[]"));
      cut (self->scratch, 0);
      msvis_py_append_str (self->scratch, shown);
      field = str_field (self, ATOM_MD5, self->scratch->str);
      set_stats (self, first, field);
      field.name = self->atoms[ATOM_MD5];
      set_field (self, first, field);
    }
  else
    {
      set_field (self, first, str_field (self, ATOM_DTYPE, msvis_py_type_name (value)));
      set_field (self, first, str_field (self, ATOM_SHAPE, "[]"));
      field = msvis_field_from_json (self->graph, 0, value, self->scratch);
      if (field.kind == MSVIS_VALUE_BOOL)
        field = str_field (self, ATOM_VALUE, field.b ? "True" : "False");
      set_stats (self, first, field);
    }
}

/* The place of @key in @list + 1, or 0. Most entries have a handful of items, which a scan
 * finds faster than a hash; long lists get the hash table. */
static guint
find_pending (GArray     *list,
              GHashTable *keys,
              const char *key)
{
  if (list->len > 16)
    return GPOINTER_TO_UINT (g_hash_table_lookup (keys, key));

  for (guint i = 0; i < list->len; i++)
    if (strcmp (g_array_index (list, Pending, i).key, key) == 0)
      return i + 1;
  return 0;
}

static void
add_pending (MsvisOpParser *self,
             GArray        *list,
             GHashTable    *keys,
             const char    *key,
             guint          first)
{
  Pending pending = { NULL, first, self->fields.len - first };
  guint index = find_pending (list, keys, key);

  if (index > 0)
    {
      /* dict[key] = item on a key that is there: the first place, the last item. */
      pending.key = g_array_index (list, Pending, index - 1).key;
      g_array_index (list, Pending, index - 1) = pending;
      return;
    }

  pending.key = msvis_arena_strndup (self->arena, key, strlen (key));
  g_array_append_val (list, pending);
  if (list->len == 17)
    for (guint i = 0; i < list->len; i++)
      g_hash_table_insert (keys, (char *)g_array_index (list, Pending, i).key,
                           GUINT_TO_POINTER (i + 1));
  else if (list->len > 17)
    g_hash_table_insert (keys, (char *)pending.key, GUINT_TO_POINTER (list->len));
}

/* gen_op_item, then the input/output split of get_input_output. Over 100 lines on purpose: it
 * follows gen_op_item's branches one for one (§2), which is how its byte-level quirks are
 * checked against msprobe, and it runs once per leaf of every dump entry. */
static void
add_leaf (MsvisOpParser        *self,
          const MsvisJsonValue *leaf,
          const char           *name,
          const char           *state)
{
  guint first = self->fields.len;
  const MsvisJsonValue *data_name_value;
  const char *data_name, *full_op_name, *key;
  g_autofree char *stem = NULL;

  self->present = 0;
  if (leaf == NULL)
    {
      static const Atom nulls[] = { ATOM_TYPE, ATOM_MAX, ATOM_MIN, ATOM_MEAN, ATOM_NORM,
                                    ATOM_DTYPE, ATOM_SHAPE, ATOM_MD5, ATOM_VALUE };

      name = msvis_arena_strndup (self->arena, name, strlen (name));
      set_field (self, first, temp_field (self, ATOM_FULL_OP_NAME, name));
      for (guint i = 0; i < G_N_ELEMENTS (nulls); i++)
        {
          MsvisField none = { .name = self->atoms[nulls[i]], .kind = MSVIS_VALUE_NONE };
          set_field (self, first, none);
        }
      set_field (self, first, str_field (self, ATOM_DATA_NAME, "-1"));
      set_field (self, first, str_field (self, ATOM_STATE, state));
      if (self->era == MSVIS_ERA_2026)
        push_field (self, (MsvisField) { .name = self->atoms[ATOM_REQUIRES_GRAD],
                                         .kind = MSVIS_VALUE_NONE });
      full_op_name = key = name;
      goto place;
    }

  msvis_json_value_foreach (member, leaf)
    {
      MsvisField field;

      if (member->kind == MSVIS_JSON_STRING && member->n <= 32)
        {
          field.name = cached_atom (self, member->key, member->key_len);
          field.kind = MSVIS_VALUE_STR;
          field.s = cached_intern (self, member->s, member->n);
        }
      else if (member->kind == MSVIS_JSON_ARRAY)
        {
          /* A shape, mostly: its repr repeats as often as a dtype. */
          cut (self->scratch, 0);
          msvis_py_append_str (self->scratch, member);
          field.name = cached_atom (self, member->key, member->key_len);
          field.kind = MSVIS_VALUE_OBJECT;
          field.s = cached_intern (self, self->scratch->str, self->scratch->len);
        }
      else
        field = msvis_field_from_json (self->graph,
                                       cached_atom (self, member->key, member->key_len),
                                       member, self->scratch);

      if (field.kind == MSVIS_VALUE_BOOL)
        {
          field.kind = MSVIS_VALUE_STR;
          field.s = field.b ? "True" : "False";
        }
      set_field (self, first, field);
    }

  data_name_value = msvis_json_value_get_member (leaf, "data_name");
  if (msvis_json_value_is_truthy (data_name_value))
    {
      /* Already copied with the leaf's other keys. */
      cut (self->scratch, 0);
      msvis_py_append_str (self->scratch, data_name_value);
      data_name = msvis_arena_strndup (self->arena, self->scratch->str, self->scratch->len);
    }
  else
    {
      data_name = "-1";
      set_field (self, first, str_field (self, ATOM_DATA_NAME, "-1"));
    }

  if (strcmp (data_name, "-1") != 0)
    {
      const char *dot = strrchr (data_name, '.');

      stem = dot ? g_strndup (data_name, dot - data_name) : g_strdup (data_name);
      full_op_name = stem;
    }
  else
    full_op_name = name;
  full_op_name = msvis_arena_strndup (self->arena, full_op_name, strlen (full_op_name));
  set_field (self, first, temp_field (self, ATOM_FULL_OP_NAME, full_op_name));
  set_field (self, first, str_field (self, ATOM_STATE, state));
  /* msprobe 26 items always have requires_grad (msprobe-2026.md §3.2) */
  if (self->era == MSVIS_ERA_2026 && find_field (self, first, ATOM_REQUIRES_GRAD) == NULL)
    push_field (self, (MsvisField) { .name = self->atoms[ATOM_REQUIRES_GRAD],
                                     .kind = MSVIS_VALUE_NONE });

  for (Atom a = ATOM_MAX; a <= ATOM_NORM; a++)
    if (find_field (self, first, a) == NULL)
      {
        MsvisField none = { .name = self->atoms[a], .kind = MSVIS_VALUE_NONE };
        push_field (self, none);
      }

  if (!msvis_py_field_is_truthy (find_field (self, first, ATOM_DTYPE)))
    describe_non_tensor (self, first, leaf, name);

  if (self->keep_md5 && !msvis_py_field_is_truthy (find_field (self, first, ATOM_MD5)))
    {
      const MsvisJsonValue *value = msvis_json_value_get_member (leaf, "value");
      char md5[9];
      guint32 crc;

      cut (self->scratch, 0);
      if (value != NULL)
        msvis_py_append_str (self->scratch, value);
      /* "%08x", without snprintf: an md5 compare does this for every non-tensor argument. */
      crc = msvis_crc32 (self->scratch->str, self->scratch->len);
      for (int i = 7; i >= 0; i--, crc >>= 4)
        md5[i] = "0123456789abcdef"[crc & 15];
      md5[8] = '\0';
      set_field (self, first, str_field (self, ATOM_MD5, md5));
    }

  /* get_input_output keys inputs by data_name's stem, which is full_op_name too. */
  key = full_op_name;

place:
  if (msvis_op_name_is_output (full_op_name))
    add_pending (self, self->outputs, self->output_keys, full_op_name, first);
  else
    add_pending (self, self->inputs, self->input_keys, key, first);
}

static gboolean
is_leaf (const MsvisJsonValue *value)
{
  return msvis_json_value_get_string (msvis_json_value_get_member (value, "type")) != NULL;
}

static gboolean
is_p2p_op (const MsvisJsonValue *value)
{
  return g_strcmp0 (msvis_json_value_get_string (msvis_json_value_get_member (value,
                                                                              "class_type")),
                    "torch.distributed.P2POp") == 0;
}

/* msprobe 26's op_item_parse takes a torch.distributed.P2POp for one item (msprobe-2026.md
 * §3.2): its tensor's, or the default item, then its class_type, op, peer, tag and group_id
 * as they are. */
static void
add_p2p_op (MsvisOpParser        *self,
            const MsvisJsonValue *value,
            const char           *name,
            const char           *state)
{
  const MsvisJsonValue *tensor = msvis_json_value_get_member (value, "tensor");
  guint first = self->fields.len;
  GArray *lists[] = { self->inputs, self->outputs };

  add_leaf (self, tensor != NULL && tensor->kind == MSVIS_JSON_OBJECT ? tensor : NULL, name,
            state);
  for (Atom a = ATOM_CLASS_TYPE; a <= ATOM_GROUP_ID; a++)
    {
      const MsvisJsonValue *member = msvis_json_value_get_member (value, atom_names[a]);
      MsvisField field = { .name = self->atoms[a], .kind = MSVIS_VALUE_NONE };

      if (member != NULL)
        field = msvis_field_from_json (self->graph, self->atoms[a], member, self->scratch);
      set_field (self, first, field);
    }

  /* the item add_leaf placed grows by these fields */
  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint i = 0; i < lists[l]->len; i++)
      if (g_array_index (lists[l], Pending, i).first == first)
        g_array_index (lists[l], Pending, i).n = self->fields.len - first;
}

/* op_item_parse: a depth-first walk in document order. Recursion is bounded by msprobe's
 * own depth limit. self->name holds the item name of @value. */
static gboolean
parse_items (MsvisOpParser         *self,
             const MsvisJsonValue  *value,
             const char            *state,
             guint                  depth,
             const char            *entry_name,
             GError               **error)
{
  gsize length = self->name->len;
  guint index = 0;

  if (depth > MAX_ITEM_DEPTH)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_TOO_DEEP,
                   /* translators: %s is a dump entry name, %d the deepest level allowed */
                   _("entry “%s” nests its data more than %d levels deep"),
                   entry_name, MAX_ITEM_DEPTH);
      return FALSE;
    }

  if (value->kind == MSVIS_JSON_NULL)
    {
      add_leaf (self, NULL, self->name->str, state);
      return TRUE;
    }
  if (value->kind != MSVIS_JSON_ARRAY && value->kind != MSVIS_JSON_OBJECT)
    return TRUE;
  if (value->kind == MSVIS_JSON_OBJECT && self->era == MSVIS_ERA_2026 && is_p2p_op (value))
    {
      add_p2p_op (self, value, self->name->str, state);
      return TRUE;
    }
  if (value->kind == MSVIS_JSON_OBJECT && is_leaf (value))
    {
      add_leaf (self, value, self->name->str, state);
      return TRUE;
    }

  msvis_json_value_foreach (child, value)
    {
      cut (self->name, length);
      if (value->kind == MSVIS_JSON_OBJECT)
        {
          g_string_append_c (self->name, '.');
          g_string_append (self->name, child->key);
        }
      else if (strcmp (state, "parameters_grad") != 0)
        {
          char digits[32];

          g_string_append_c (self->name, '.');
          g_string_append_len (self->name, digits, msvis_format_int64 (digits, index));
        }
      index++;

      if (!parse_items (self, child, state, depth + 1, entry_name, error))
        return FALSE;
    }

  cut (self->name, length);
  return TRUE;
}

static void
commit (MsvisOpParser *self,
        GArray        *list,
        guint32       *first_item,
        guint32       *n_items)
{
  *first_item = 0;
  *n_items = list->len;

  for (guint i = 0; i < list->len; i++)
    {
      Pending *p = &g_array_index (list, Pending, i);
      MsvisVector *kept = &self->kept;
      guint32 first_field, item;

      kept->len = 0;

      /* full_op_name only served the split, and md5 is written in md5 compares only:
       * msprobe deletes both before writing. */
      for (guint j = 0; j < p->n; j++)
        {
          MsvisField *field = &msvis_vector_index (&self->fields, MsvisField, p->first + j);

          if (field->name == self->atoms[ATOM_FULL_OP_NAME])
            continue;
          if (field->name == self->atoms[ATOM_MD5] && !self->keep_md5)
            continue;
          *(MsvisField *)msvis_vector_push (kept, sizeof (MsvisField)) = *field;
        }

      first_field = msvis_graph_add_fields (self->graph, (MsvisField *)kept->data, kept->len);
      item = msvis_graph_add_item (self->graph,
                                   msvis_graph_store (self->graph, p->key, strlen (p->key)),
                                   first_field, kept->len);
      if (i == 0)
        *first_item = item;
    }
}


/**
 * msvis_op_parser_parse:
 * @name: the entry's name, such as "Functional.linear.0.forward"
 * @entry: its value in dump.json's `data`
 * @runs: (out): where the items went
 *
 * Returns: %FALSE if the entry nests deeper than msprobe allows
 */
gboolean
msvis_op_parser_parse (MsvisOpParser         *self,
                       const char            *name,
                       const MsvisJsonValue  *entry,
                       MsvisItemRuns         *runs,
                       GError               **error)
{
  static const struct { const char *io; const char *suffix; const char *state; } order[] = {
    { "input_args", ".input", "input" },
    { "input_kwargs", ".input", "input" },
    { "input", ".input", "input" },
    { "output", ".output", "output" },
    { "parameters", ".parameters", "parameters" },
  };

  self->fields.len = 0;
  g_array_set_size (self->inputs, 0);
  g_array_set_size (self->outputs, 0);
  g_hash_table_remove_all (self->input_keys);
  g_hash_table_remove_all (self->output_keys);
  msvis_arena_reset (self->arena);

  if (msvis_op_name_is_parameters_grad (name))
    {
      g_string_assign (self->name, name);
      if (!parse_items (self, entry, "parameters_grad", 0, name, error))
        return FALSE;
    }
  else
    {
      for (guint i = 0; i < G_N_ELEMENTS (order); i++)
        {
          const MsvisJsonValue *io = msvis_json_value_get_member (entry, order[i].io);

          if (io == NULL)
            continue;
          g_string_assign (self->name, name);
          g_string_append (self->name, order[i].suffix);
          if (!parse_items (self, io, order[i].state, 0, name, error))
            return FALSE;
        }
    }

  commit (self, self->inputs, &runs->first_input, &runs->n_inputs);
  commit (self, self->outputs, &runs->first_output, &runs->n_outputs);
  return TRUE;
}
