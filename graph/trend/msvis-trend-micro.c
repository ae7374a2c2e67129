// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-reader-error.h"
#include "msvis-trend-private.h"

/* trend-2026 § 3.2: micro steps of a construct.json, and the call counters renumbered inside
 * each micro step. */

#define MAX_HOPS 1000   /* Python's recursion limit, where msprobe fails */

typedef struct
{
  char    *key;
  char    *parent;     /* NULL: null */
  gboolean removed;
} ConstructEntry;

typedef enum { NODE_MICRO, NODE_PARENT, NODE_NULL } NodeKind;

typedef struct
{
  NodeKind    kind;
  int         micro;
  const char *parent;
} Node;

typedef struct
{
  const char *key;
  int         micro;
  int         form;      /* 0: …​.N, 1: ….N.x, 2: no number */
  gint64      number;
  guint       order;
  char       *pattern;   /* "m\x1fpattern" */
} Counted;

static void
construct_entry_clear (gpointer data)
{
  ConstructEntry *e = data;

  g_free (e->key);
  g_free (e->parent);
}

/* Reads construct.json as an ordered dict: a repeated key keeps its place, takes the last value. */
static GArray *
read_construct (const char  *path,
                GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(MsvisJsonScanner) scanner = msvis_json_scanner_new_for_file (file, NULL, error);
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (ConstructEntry));
  g_autoptr(GHashTable) where = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  gboolean megatron = FALSE;
  MsvisJsonToken token;

  g_array_set_clear_func (entries, construct_entry_clear);
  if (scanner == NULL || !msvis_json_scanner_next (scanner, &token, error))
    return NULL;
  if (token != MSVIS_JSON_TOKEN_BEGIN_OBJECT)
    {
      msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                    _("construct.json is not an object"));
      return NULL;
    }
  for (;;)
    {
      ConstructEntry e = { 0 };
      MsvisJsonValue *value;
      gpointer at;

      if (!msvis_json_scanner_next (scanner, &token, error))
        return NULL;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        break;
      e.key = g_strdup (msvis_json_scanner_get_string (scanner, NULL));
      msvis_arena_reset (arena);
      if (!msvis_json_scanner_next (scanner, &token, error) ||
          (value = msvis_json_value_read (arena, scanner, token, error)) == NULL)
        {
          g_free (e.key);
          return NULL;
        }
      if (value->kind == MSVIS_JSON_ARRAY && value->n == 2)
        value = value->first;   /* megatron's [parent, micro_step], checked below */
      else if (strcmp (e.key, "megatron_micro_step_number") == 0)
        {
          megatron = TRUE;
          e.removed = TRUE;
        }
      if (value->kind == MSVIS_JSON_STRING)
        e.parent = g_strdup (value->s);
      else if (value->kind != MSVIS_JSON_NULL && !e.removed)
        {
          msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                        /* translators: %s is a node name */
                                        _("the parent of “%s” is neither a name nor null"),
                                        e.key);
          g_free (e.key);
          return NULL;
        }
      if (g_hash_table_lookup_extended (where, e.key, NULL, &at))
        {
          ConstructEntry *old = &g_array_index (entries, ConstructEntry, GPOINTER_TO_UINT (at));

          g_free (old->parent);
          old->parent = e.parent;
          old->removed = e.removed;
          g_free (e.key);
          continue;
        }
      g_array_append_val (entries, e);
      g_hash_table_insert (where, g_array_index (entries, ConstructEntry, entries->len - 1).key,
                           GUINT_TO_POINTER (entries->len - 1));
    }
  if (!msvis_json_scanner_next (scanner, &token, error))
    return NULL;
  (void)megatron;
  return g_steal_pointer (&entries);
}

/* NULL when @name has no marker to replace, which is most names */
static char *
forward_twin (const char *name)
{
  g_autofree char *once = NULL;

  if (strstr (name, ".backward") == NULL && strstr (name, ".parameters_grad") == NULL)
    return NULL;
  once = msvis_trend_replace (name, ".backward", ".forward");
  return msvis_trend_replace (once, ".parameters_grad", ".forward");
}

/* Follows parents to a root; -1: no micro step, -2: a cycle or too deep (@error set). */
static int
resolve (GHashTable   *nodes,
         const char   *key,
         const char   *path,
         GError      **error)
{
  const char *current = key;

  for (int hops = 0; hops <= MAX_HOPS; hops++)
    {
      g_autofree char *twin = forward_twin (current);
      Node *node = g_hash_table_lookup (nodes, twin != NULL ? twin : current);

      if (node == NULL || node->kind == NODE_NULL)
        return -1;
      if (node->kind == NODE_MICRO)
        return node->micro;
      current = node->parent;
    }
  g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
               /* translators: a file path, then a node name */
               _("%s: the parents of “%s” go round in a cycle or nest too deep"), path, key);
  return -2;
}

static gboolean
digits (const char *p,
        gsize       length)
{
  if (length == 0)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isdigit (p[i]))
      return FALSE;
  return TRUE;
}

/* "<micro>\x1f<a><b>", made without printf: there is one per construct key */
static char *
make_pattern (int         micro,
              const char *a,
              gsize       a_len,
              const char *b)
{
  gsize b_len = b != NULL ? strlen (b) : 0;
  char *p = g_malloc (9 + a_len + b_len + 1);

  for (int i = 0; i < 8; i++)
    p[i] = "0123456789abcdef"[((guint)micro >> (28 - 4 * i)) & 15];
  p[8] = '\x1f';
  memcpy (p + 9, a, a_len);
  if (b_len > 0)
    memcpy (p + 9 + a_len, b, b_len);
  p[9 + a_len + b_len] = '\0';
  return p;
}

/* @head, the decimal @n, @tail */
static char *
with_number (const char *head,
             gsize       head_len,
             gint64      n,
             const char *tail)
{
  char digits[24];
  int d = sizeof digits;
  gsize tail_len = strlen (tail);
  char *out;

  do
    digits[--d] = '0' + n % 10;
  while ((n /= 10) > 0);
  out = g_malloc (head_len + (sizeof digits - d) + tail_len + 1);
  memcpy (out, head, head_len);
  memcpy (out + head_len, digits + d, sizeof digits - d);
  memcpy (out + head_len + (sizeof digits - d), tail, tail_len + 1);
  return out;
}

/* § 3.2 (b): the key's counter and the pattern it is counted under */
static void
find_counter (Counted *c)
{
  const char *key = c->key;
  const char *last = strrchr (key, '.');
  const char *second = NULL;

  c->form = 2;
  c->number = 0;
  if (last != NULL && digits (last + 1, strlen (last + 1)))
    {
      c->form = 0;
      c->number = g_ascii_strtoll (last + 1, NULL, 10);
      c->pattern = make_pattern (c->micro, key, last - key, NULL);
      return;
    }
  if (last != NULL)
    {
      for (const char *p = last - 1; p >= key; p--)
        if (*p == '.')
          {
            second = p;
            break;
          }
      if (digits (second ? second + 1 : key, last - (second ? second + 1 : key)))
        {
          c->form = 1;
          c->number = g_ascii_strtoll (second ? second + 1 : key, NULL, 10);
          if (second != NULL)
            c->pattern = make_pattern (c->micro, key, second - key, last);
          else
            c->pattern = make_pattern (c->micro, last + 1, strlen (last + 1), NULL);
          return;
        }
    }
  c->pattern = make_pattern (c->micro, key, strlen (key), NULL);
}

static gint
compare_counted (gconstpointer a,
                 gconstpointer b)
{
  const Counted *x = a, *y = b;
  int by_pattern = strcmp (x->pattern, y->pattern);

  if (by_pattern != 0)
    return by_pattern;
  if (x->number != y->number)
    return x->number < y->number ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

static char *
renumbered (const Counted *c,
            gint64         n)
{
  const char *key = c->key;
  const char *last = strrchr (key, '.');
  const char *second = NULL;

  if (c->form == 0)
    return with_number (key, last - key + 1, n, "");
  if (c->form == 2)
    return g_strdup (key);
  for (const char *p = last - 1; p >= key; p--)
    if (*p == '.')
      {
        second = p;
        break;
      }
  if (second == NULL)
    return with_number ("", 0, n, last);
  return with_number (key, second - key + 1, n, last);
}

/* § 3.2 (b): within each (micro step, pattern), counters become 0, 1, … in numeric order. */
static void
renumber (GArray          *counted,
          MsvisTrendMicro *micro)
{
  g_array_sort (counted, compare_counted);
  micro->store = g_new (MsvisTrendRename, counted->len + 1);
  for (guint i = 0, n = 0; i < counted->len; i++)
    {
      Counted *c = &g_array_index (counted, Counted, i);
      MsvisTrendRename *r = &micro->store[i];
      g_autofree char *name = NULL;

      if (i > 0 && strcmp (c->pattern, g_array_index (counted, Counted, i - 1).pattern) != 0)
        n = 0;
      name = renumbered (c, n++);
      r->name = g_string_chunk_insert (micro->strings, name);
      r->micro = c->micro;
      g_hash_table_insert (micro->renamed, g_string_chunk_insert (micro->strings, c->key), r);
      micro->total = MAX (micro->total, (gint64)c->micro + 1);
    }
}

static void
counted_clear (gpointer data)
{
  g_free (((Counted *)data)->pattern);
}

/**
 * msvis_trend_micro_read:
 *
 * Reads @construct_path into @micro: the renamed dump keys with their micro steps, and the
 * number of micro steps of the file (1 without any).
 */
gboolean
msvis_trend_micro_read (const char       *construct_path,
                        MsvisTrendMicro  *micro,
                        GError          **error)
{
  g_autoptr(GArray) entries = read_construct (construct_path, error);
  g_autoptr(GHashTable) nodes = NULL;
  g_autoptr(GArray) counted = NULL;
  g_autofree Node *store = NULL;
  int counter = 0;

  /* two frees for all of it: the names live in one chunk, the renames in one array */
  micro->renamed = g_hash_table_new (g_str_hash, g_str_equal);
  micro->strings = g_string_chunk_new (1 << 20);
  micro->total = 1;
  if (entries == NULL)
    return FALSE;

  nodes = g_hash_table_new (g_str_hash, g_str_equal);
  store = g_new0 (Node, entries->len + 1);
  for (guint i = 0; i < entries->len; i++)
    {
      ConstructEntry *e = &g_array_index (entries, ConstructEntry, i);
      Node *node = &store[i];

      if (e->removed)
        continue;
      if (e->parent != NULL)
        {
          node->kind = NODE_PARENT;
          node->parent = e->parent;
        }
      else if (strstr (e->key, ".backward") != NULL)
        node->kind = NODE_NULL;
      else if (g_str_has_prefix (e->key, "Module") || g_str_has_prefix (e->key, "Cell") ||
               g_str_has_prefix (e->key, "optimizer"))
        {
          node->kind = NODE_MICRO;
          node->micro = counter++;
        }
      else
        continue;
      g_hash_table_insert (nodes, e->key, node);
    }

  counted = g_array_new (FALSE, TRUE, sizeof (Counted));
  g_array_set_clear_func (counted, counted_clear);
  for (guint i = 0; i < entries->len; i++)
    {
      ConstructEntry *e = &g_array_index (entries, ConstructEntry, i);
      Counted c = { 0 };
      int m;

      if (e->removed)
        continue;
      m = resolve (nodes, e->key, construct_path, error);
      if (m == -2)
        return FALSE;
      if (m < 0)
        continue;
      c.key = e->key;
      c.micro = m;
      c.order = i;
      find_counter (&c);
      g_array_append_val (counted, c);
    }
  renumber (counted, micro);
  return TRUE;
}

void
msvis_trend_micro_clear (MsvisTrendMicro *micro)
{
  g_clear_pointer (&micro->renamed, g_hash_table_unref);
  g_clear_pointer (&micro->strings, g_string_chunk_free);
  g_clear_pointer (&micro->store, g_free);
}
