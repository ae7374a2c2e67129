// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <yaml.h>

#include "msvis-compare-error.h"
#include "msvis-input-file.h"
#include "msvis-layer-mapping.h"

/* Budgets of the yaml, checked on libyaml's events before the document is built: a layer
 * mapping is two levels deep ("TopLayer: {network_with_loss: module}"), but libyaml takes
 * time quadratic in the depth of flow nesting (100,000 levels: half a minute) before any
 * structure check could refuse it; and a rename is a layer name, which a compare appends and
 * splits for every item it applies to (a 16 MB one took a minute). */
#define MAX_DEPTH 32
#define MAX_NAME  4096

/* LayerTrie: one node per scope part, the items that end there grouped by state. */
typedef struct _Trie Trie;

struct _Trie
{
  const char *type_name;    /* borrowed from an item, or "TopLayer" */
  GHashTable *children;     /* part → Trie */
  GHashTable *items;        /* state → GPtrArray of MsvisScopeItem */
};

static void
trie_free (gpointer data)
{
  Trie *trie = data;

  g_hash_table_unref (trie->children);
  g_hash_table_unref (trie->items);
  g_free (trie);
}

static Trie *
trie_new (const char *type_name)
{
  Trie *trie = g_new0 (Trie, 1);

  trie->type_name = type_name;
  trie->children = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, trie_free);
  trie->items = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify)g_ptr_array_unref);
  return trie;
}

static GPtrArray *
trie_items (Trie       *trie,
            const char *state)
{
  return g_hash_table_lookup (trie->items, state);
}

/* insert: the first scope part is the root itself. */
static void
trie_insert (Trie           *root,
             MsvisScopeItem *item)
{
  g_auto(GStrv) parts = g_strsplit (item->full_scope, ".", -1);
  Trie *node = root;
  GPtrArray *list;

  for (guint i = 1; parts[i] != NULL; i++)
    {
      Trie *child = g_hash_table_lookup (node->children, parts[i]);

      if (child == NULL)
        {
          /* The name must outlive parts: the key lives as long as the child. */
          char *key = g_strdup (parts[i]);

          child = trie_new (key);
          g_hash_table_insert (node->children, key, child);
        }
      node = child;
    }
  list = trie_items (node, item->state);
  if (list == NULL)
    {
      list = g_ptr_array_new ();
      g_hash_table_insert (node->items, g_strdup (item->state), list);
    }
  g_ptr_array_add (list, item);
  node->type_name = item->type_name;
}

static MsvisScopeItem *
trie_query (Trie       *root,
            const char *scope,
            const char *state,
            int         index)
{
  g_auto(GStrv) parts = g_strsplit (scope, ".", -1);
  Trie *node = root;
  GPtrArray *list;

  for (guint i = 1; parts[i] != NULL; i++)
    {
      node = g_hash_table_lookup (node->children, parts[i]);
      if (node == NULL)
        return NULL;
    }
  list = trie_items (node, state);
  if (list == NULL || list->len == 0)
    return NULL;
  if (index < 0)
    return g_ptr_array_index (list, list->len - 1);   /* Python's [-1] */
  return (guint)index < list->len ? g_ptr_array_index (list, index) : NULL;
}

typedef struct
{
  char *origin;   /* "a.b.c" */
  char *target;
  guint level;    /* parts in origin */
} Rule;

static void
rule_free (gpointer data)
{
  Rule *rule = data;

  g_free (rule->origin);
  g_free (rule->target);
  g_free (rule);
}

static gint
by_level_descending (gconstpointer a,
                     gconstpointer b)
{
  const Rule *x = *(const Rule **)a, *y = *(const Rule **)b;

  return (int)y->level - (int)x->level;
}

static char *
scalar_text (yaml_document_t *doc,
             yaml_node_t     *node)
{
  return g_strndup ((const char *)node->data.scalar.value, node->data.scalar.length);
}

static gboolean
yaml_mapping_error (const char  *path,
                    const char  *what,
                    gsize        line,
                    GError     **error)
{
  g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG,
               /* translators: the yaml file, a line number, then what was expected there */
               _("%s, line %zu: expected %s, as in “TopLayer: {network_with_loss: module}”"),
               path, line, what);
  return FALSE;
}

/* The rules of one layer type, preprocess_layer_mapping: keyed by their first part, longest
 * first; a repeated key keeps its place and takes the last value, as a dict. */
static gboolean
read_type_rules (const char       *path,
                 yaml_document_t  *doc,
                 yaml_node_t      *map,
                 GHashTable      **rules,
                 GError          **error)
{
  g_autoptr(GPtrArray) order = g_ptr_array_new_with_free_func (rule_free);
  /* origin -> its rule in order: a file of many rules must not take quadratic time. */
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  if (map->type != YAML_MAPPING_NODE)
    return yaml_mapping_error (path, _("a mapping of layer names"), map->start_mark.line + 1,
                               error);

  for (yaml_node_pair_t *pair = map->data.mapping.pairs.start;
       pair < map->data.mapping.pairs.top; pair++)
    {
      yaml_node_t *key = yaml_document_get_node (doc, pair->key);
      yaml_node_t *value = yaml_document_get_node (doc, pair->value);
      g_autofree char *origin = NULL;
      Rule *rule = NULL;

      if (key->type != YAML_SCALAR_NODE || value->type != YAML_SCALAR_NODE)
        return yaml_mapping_error (path, _("“name: new name”"), key->start_mark.line + 1,
                                   error);
      origin = scalar_text (doc, key);
      rule = g_hash_table_lookup (seen, origin);
      if (rule == NULL)
        {
          g_auto(GStrv) parts = g_strsplit (origin, ".", -1);

          rule = g_new0 (Rule, 1);
          rule->origin = g_steal_pointer (&origin);
          rule->level = g_strv_length (parts);
          g_ptr_array_add (order, rule);
          g_hash_table_insert (seen, rule->origin, rule);
        }
      g_free (rule->target);
      rule->target = scalar_text (doc, value);
    }

  *rules = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                  (GDestroyNotify)g_ptr_array_unref);
  for (guint i = 0; i < order->len; i++)
    {
      Rule *rule = g_ptr_array_index (order, i);
      g_autofree char *prefix = g_strndup (rule->origin, strcspn (rule->origin, "."));
      GPtrArray *list = g_hash_table_lookup (*rules, prefix);

      if (list == NULL)
        {
          list = g_ptr_array_new_with_free_func (rule_free);
          g_hash_table_insert (*rules, g_strdup (prefix), list);
        }
      g_ptr_array_add (list, rule);
      order->pdata[i] = NULL;
    }
  g_ptr_array_set_free_func (order, NULL);
  {
    GHashTableIter iter;
    gpointer list;

    g_hash_table_iter_init (&iter, *rules);
    while (g_hash_table_iter_next (&iter, NULL, &list))
      g_ptr_array_sort (list, by_level_descending);   /* stable: a merge sort */
  }
  return TRUE;
}

/* The budgets above, on the first document's events. A file libyaml cannot parse passes:
 * loading it then gives the warning msprobe gives. */
static gboolean
check_budgets (const char     *path,
               const guchar   *contents,
               gsize           length,
               GError        **error)
{
  yaml_parser_t parser;
  yaml_event_t event;
  guint depth = 0;
  gboolean ok = TRUE, done = FALSE;

  yaml_parser_initialize (&parser);
  yaml_parser_set_input_string (&parser, contents, length);
  while (ok && !done && yaml_parser_parse (&parser, &event))
    {
      gsize line = event.start_mark.line + 1;

      switch (event.type)
        {
        case YAML_MAPPING_START_EVENT:
        case YAML_SEQUENCE_START_EVENT:
          if (++depth > MAX_DEPTH)
            {
              g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG,
                           /* translators: the yaml file, a line number, then a number of
                            * levels */
                           _("%s, line %zu: nested more than %d levels deep; a layer mapping "
                             "has two, as in “TopLayer: {network_with_loss: module}”"),
                           path, line, MAX_DEPTH);
              ok = FALSE;
            }
          break;
        case YAML_MAPPING_END_EVENT:
        case YAML_SEQUENCE_END_EVENT:
          depth--;
          break;
        case YAML_SCALAR_EVENT:
          if (event.data.scalar.length > MAX_NAME)
            {
              g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG,
                           /* translators: the yaml file, a line number, then two numbers of
                            * bytes */
                           _("%s, line %zu: a name of %zu bytes, longer than the %d a layer "
                             "name may have"),
                           path, line, event.data.scalar.length, MAX_NAME);
              ok = FALSE;
            }
          break;
        case YAML_DOCUMENT_END_EVENT:
        case YAML_STREAM_END_EVENT:
          done = TRUE;
          break;
        case YAML_NO_EVENT:
        case YAML_STREAM_START_EVENT:
        case YAML_DOCUMENT_START_EVENT:
        case YAML_ALIAS_EVENT:
        default:
          break;
        }
      yaml_event_delete (&event);
    }
  yaml_parser_delete (&parser);
  return ok;
}

/**
 * msvis_layer_mapping_read_yaml:
 * @warning: (out) (transfer full): set when the file does not parse; msprobe then carries on
 *   without renames, and so does msvis
 *
 * Returns: (transfer full): layer type → (first part → rules), or %NULL on error
 */
GHashTable *
msvis_layer_mapping_read_yaml (const char  *path,
                               char       **warning,
                               GError     **error)
{
  g_autoptr(GHashTable) types = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                       (GDestroyNotify)g_hash_table_unref);
  g_autofree char *contents = NULL;
  gsize length;
  yaml_parser_t parser;
  yaml_document_t doc;
  yaml_node_t *root;
  gboolean ok = TRUE;

  /* An alias of a rename table is the same node in libyaml's document: its rules are read
   * once and shared, not copied for every type that names it (20,000 aliases of one table
   * cost 4.7 GB). */
  g_autoptr(GHashTable) by_node = g_hash_table_new_full (NULL, NULL, NULL,
                                                         (GDestroyNotify)g_hash_table_unref);

  if (!msvis_input_file_check_path (path, error) ||
      !g_file_get_contents (path, &contents, &length, error) ||
      !check_budgets (path, (const guchar *)contents, length, error))
    return NULL;

  yaml_parser_initialize (&parser);
  yaml_parser_set_input_string (&parser, (const unsigned char *)contents, length);
  if (!yaml_parser_load (&parser, &doc))
    {
      /* translators: the yaml file, a line number, then the parser's message */
      *warning = g_strdup_printf (_("%s, line %zu: %s; layers are matched without renames"),
                                  path, parser.problem_mark.line + 1,
                                  parser.problem ? parser.problem : "");
      yaml_parser_delete (&parser);
      return g_steal_pointer (&types);
    }
  yaml_parser_delete (&parser);

  root = yaml_document_get_root_node (&doc);
  if (root != NULL && root->type != YAML_MAPPING_NODE)
    ok = yaml_mapping_error (path, _("a mapping of layer types"), root->start_mark.line + 1,
                             error);
  /* An empty file, or one of comments only, has no root: no renames, as msprobe's None. */
  for (yaml_node_pair_t *pair = root && ok ? root->data.mapping.pairs.start : NULL;
       pair != NULL && ok && pair < root->data.mapping.pairs.top; pair++)
    {
      yaml_node_t *key = yaml_document_get_node (&doc, pair->key);
      g_autofree char *type = NULL;
      GHashTable *rules = NULL;

      if (key->type != YAML_SCALAR_NODE)
        {
          ok = yaml_mapping_error (path, _("a layer type name"), key->start_mark.line + 1,
                                   error);
          break;
        }
      type = scalar_text (&doc, key);
      rules = g_hash_table_lookup (by_node, GINT_TO_POINTER (pair->value));
      if (rules != NULL)
        g_hash_table_ref (rules);
      else if (read_type_rules (path, &doc, yaml_document_get_node (&doc, pair->value), &rules,
                                error))
        g_hash_table_insert (by_node, GINT_TO_POINTER (pair->value), g_hash_table_ref (rules));
      else
        {
          ok = FALSE;
          break;
        }
      /* update_keys_in_place: the old top layer name "Cell" is now "TopLayer" */
      if (strcmp (type, "Cell") == 0)
        {
          g_free (type);
          type = g_strdup ("TopLayer");
        }
      g_hash_table_replace (types, g_steal_pointer (&type), rules);
    }
  yaml_document_delete (&doc);
  return ok ? g_steal_pointer (&types) : NULL;
}

/* convert_scope: the NPU item's scope with the renames applied, and its place among the
 * items of the same scope and state. */
static char *
convert_scope (Trie           *npu_root,
               MsvisScopeItem *item,
               GHashTable     *types,
               int            *index)
{
  g_auto(GStrv) parts = g_strsplit (item->full_scope, ".", -1);
  guint n = g_strv_length (parts), i = 0;
  GString *scope = g_string_new ("TopLayer");
  Trie *node = npu_root;
  GPtrArray *list;

  while (i + 1 < n && node != NULL)
    {
      const char *child = parts[i + 1];
      GHashTable *rules = g_hash_table_lookup (types, node->type_name);
      GPtrArray *candidates = rules ? g_hash_table_lookup (rules, child) : NULL;
      guint step = 1;
      gboolean renamed = FALSE;

      for (guint k = 0; candidates != NULL && k < candidates->len && !renamed; k++)
        {
          Rule *rule = g_ptr_array_index (candidates, k);
          g_autofree char *joined = NULL;
          guint end = MIN (i + 1 + rule->level, n);
          char *saved = parts[end];

          parts[end] = NULL;
          joined = g_strjoinv (".", parts + i + 1);
          parts[end] = saved;
          if (strcmp (joined, rule->origin) == 0)
            {
              g_string_append_printf (scope, ".%s", rule->target);
              step = rule->level;
              renamed = TRUE;
            }
        }
      if (!renamed)
        g_string_append_printf (scope, ".%s", child);

      for (guint k = 0; k < step && node != NULL; k++)
        node = g_hash_table_lookup (node->children, parts[++i]);
    }

  *index = -1;
  list = node ? trie_items (node, item->state) : NULL;
  for (guint k = 0; list != NULL && k < list->len; k++)
    if (strcmp (((MsvisScopeItem *)g_ptr_array_index (list, k))->data_name,
                item->data_name) == 0)
      *index = k;
  return g_string_free (scope, FALSE);
}

static Trie *
tree_of (GPtrArray *items)
{
  Trie *root = trie_new ("TopLayer");

  for (guint i = 0; i < items->len; i++)
    trie_insert (root, g_ptr_array_index (items, i));
  return root;
}

/**
 * msvis_layer_mapping_build:
 * @npu_names: (element-type utf8): the NPU dump.json keys in file order
 * @renames: from msvis_layer_mapping_read_yaml(), or empty for a bare -lm
 *
 * Returns: (transfer full): NPU dump name → benchmark dump name, or "N/A" where nothing
 *   corresponds; %NULL on error
 */
GHashTable *
msvis_layer_mapping_build (GFile                *npu_dir,
                           GPtrArray            *npu_names,
                           MsvisScopeFramework   npu_framework,
                           GFile                *bench_dir,
                           GPtrArray            *bench_names,
                           MsvisScopeFramework   bench_framework,
                           GHashTable           *renames,
                           GCancellable         *cancellable,
                           GError              **error)
{
  g_autoptr(GPtrArray) npu_items = NULL;
  g_autoptr(GPtrArray) bench_items = NULL;
  GHashTable *mapping;
  Trie *npu_root, *bench_root;

  npu_items = msvis_scope_items_read (npu_dir, npu_names, npu_framework, cancellable, error);
  if (npu_items == NULL)
    return NULL;
  bench_items = msvis_scope_items_read (bench_dir, bench_names, bench_framework, cancellable,
                                        error);
  if (bench_items == NULL)
    return NULL;
  npu_root = tree_of (npu_items);
  bench_root = tree_of (bench_items);
  mapping = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint i = 0; i < npu_items->len; i++)
    {
      MsvisScopeItem *item = g_ptr_array_index (npu_items, i);
      int index;
      g_autofree char *scope = convert_scope (npu_root, item, renames, &index);
      MsvisScopeItem *bench = trie_query (bench_root, scope, item->state, index);

      g_hash_table_replace (mapping, g_strdup (item->data_name),
                            g_strdup (bench ? bench->data_name : "N/A"));
    }
  trie_free (npu_root);
  trie_free (bench_root);
  return mapping;
}
