// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-graph-private.h"
#include "msvis-huge-pages.h"

#define ROOT_ID "DefaultModel"

/* An interned string carries the node it names, if any: a node is looked up by its interned
 * id without a hash, and by any other string with the one hash lookup of interning. */
typedef struct
{
  guint32 node;    /* + 1; 0: no node of this name */
  guint32 stack;   /* + 1: what msvis_graph_note_stack() kept for the name; 0: nothing */
  char    text[];
} Interned;

static inline Interned *
interned_of (const char *text)
{
  return (Interned *)(text - G_STRUCT_OFFSET (Interned, text));
}

/* The interning table is locked only while two threads share it. */
static inline void
lock_strings (MsvisGraph *self,
              gboolean    lock)
{
  if (G_LIKELY (!self->strings_shared))
    return;
  if (lock)
    g_mutex_lock (&self->strings_lock);
  else
    g_mutex_unlock (&self->strings_lock);
}

/* The node named @id + 1, listed in node_map or not; 0 if none. */
static guint
named_node (MsvisGraph *self,
            const char *id)
{
  gsize length = strlen (id);
  guint32 hash = msvis_name_hash (id, length);
  const char *interned;

  lock_strings (self, TRUE);
  interned = msvis_name_table_lookup (self->interned, id, length, hash);
  lock_strings (self, FALSE);

  return interned != NULL ? interned_of (interned)->node : 0;
}

G_DEFINE_FINAL_TYPE (MsvisGraph, msvis_graph, G_TYPE_OBJECT)

/**
 * msvis_str_hash:
 *
 * A #GHashFunc for strings, faster than g_str_hash (a byte at a time) on long names: the
 * interning table's hash.
 */
guint
msvis_str_hash (gconstpointer key)
{
  return msvis_name_hash (key, strlen (key));
}

/**
 * msvis_str_contains:
 *
 * strstr (@text, @needle) != NULL, for the short names of nodes and items: glibc's strstr
 * spends more setting up its search than these searches take.
 */
gboolean
msvis_str_contains (const char *text,
                    const char *needle)
{
  gsize rest;

  if (needle[0] == '\0' || needle[1] == '\0')
    return strchr (text, needle[0]) != NULL;

  /* Names have a dot every few bytes: the second byte is checked before strncmp. */
  rest = strlen (needle + 2);
  for (const char *p = strchr (text, needle[0]); p != NULL; p = strchr (p + 1, needle[0]))
    if (p[1] == needle[1] && strncmp (p + 2, needle + 2, rest) == 0)
      return TRUE;
  return FALSE;
}

static guint
stack_hash (gconstpointer key)
{
  const Stack *stack = key;
  guint hash = stack->n_lines;

  for (guint i = 0; i < stack->n_lines; i++)
    hash = hash * 31 + msvis_str_hash (stack->lines[i]);
  return hash;
}

static gboolean
stack_equal (gconstpointer a,
             gconstpointer b)
{
  const Stack *x = a, *y = b;

  if (x->n_lines != y->n_lines)
    return FALSE;
  for (guint i = 0; i < x->n_lines; i++)
    if (strcmp (x->lines[i], y->lines[i]) != 0)
      return FALSE;
  return TRUE;
}

static void
msvis_graph_finalize (GObject *object)
{
  MsvisGraph *self = (MsvisGraph *)object;

  g_clear_pointer (&self->interned, msvis_name_table_free);
  g_clear_pointer (&self->nodes, g_array_unref);
  g_clear_pointer (&self->items, g_array_unref);
  g_clear_pointer (&self->fields, g_array_unref);
  g_clear_pointer (&self->atoms, g_ptr_array_unref);
  g_clear_pointer (&self->atom_by_name, g_hash_table_unref);
  g_clear_pointer (&self->stack_index, g_hash_table_unref);
  g_clear_pointer (&self->stacks, g_ptr_array_unref);
  g_clear_pointer (&self->distributed, g_hash_table_unref);
  g_clear_pointer (&self->merge_info, g_hash_table_unref);
  g_clear_pointer (&self->batch_p2p, g_hash_table_unref);
  g_clear_pointer (&self->subnode_lists, g_hash_table_unref);
  g_clear_pointer (&self->arena, msvis_arena_free);
  g_clear_pointer (&self->strings, msvis_arena_free);
  g_clear_pointer (&self->stored, g_string_chunk_free);
  g_mutex_clear (&self->strings_lock);
  g_clear_pointer (&self->dump_data_dir, g_free);
  g_clear_pointer (&self->compare_results, msvis_compare_results_free);

  G_OBJECT_CLASS (msvis_graph_parent_class)->finalize (object);
}

static void
msvis_graph_class_init (MsvisGraphClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = msvis_graph_finalize;
}

static void
msvis_graph_init (MsvisGraph *self)
{
  Stack *empty = g_malloc0 (sizeof (Stack));

  self->strings = msvis_arena_new ();
  self->stored = g_string_chunk_new (1024 * 1024);
  g_mutex_init (&self->strings_lock);
  self->interned = msvis_name_table_new ();
  self->nodes = g_array_new (FALSE, FALSE, sizeof (NodeRecord));
  self->items = g_array_new (FALSE, FALSE, sizeof (MsvisItem));
  self->fields = g_array_new (FALSE, FALSE, sizeof (MsvisField));
  self->atoms = g_ptr_array_new ();
  self->atom_by_name = g_hash_table_new (msvis_str_hash, g_str_equal);
  self->stacks = g_ptr_array_new_with_free_func (g_free);
  self->stack_index = g_hash_table_new (stack_hash, stack_equal);
  self->distributed = g_hash_table_new (NULL, NULL);
  self->merge_info = g_hash_table_new (NULL, NULL);
  self->batch_p2p = g_hash_table_new (NULL, NULL);
  self->subnode_lists = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify)g_array_unref);
  self->n_listed = G_MAXUINT;
  self->unattached = MSVIS_NODE_ID_NONE;
  self->arena = msvis_arena_new ();
  self->dump_data_dir = g_strdup ("");
  self->micro_steps = 1;

  g_ptr_array_add (self->stacks, empty);
  g_hash_table_insert (self->stack_index, empty, GUINT_TO_POINTER (0));

  msvis_graph_add_node (self, MSVIS_NODE_MODULE, ROOT_ID);
}

/**
 * msvis_graph_new:
 *
 * Creates a graph that holds only its root, `DefaultModel`.
 *
 * Returns: (transfer full): a new graph
 */
MsvisGraph *
msvis_graph_new (void)
{
  return g_object_new (MSVIS_TYPE_GRAPH, NULL);
}

/**
 * msvis_graph_intern_full:
 * @text: a string
 * @added: (out) (optional): whether @text was new to the graph
 *
 * Returns: a copy of @text owned by the graph, the same pointer for equal strings
 */
const char *
msvis_graph_intern_full (MsvisGraph *self,
                         const char *text,
                         gboolean   *added)
{
  gsize length = strlen (text);
  guint32 hash = msvis_name_hash (text, length);
  const char *interned;

  lock_strings (self, TRUE);
  interned = msvis_name_table_lookup (self->interned, text, length, hash);
  if (added != NULL)
    *added = interned == NULL;
  if (interned == NULL)
    {
      Interned *fresh = msvis_arena_alloc (self->strings, sizeof (Interned) + length + 1);

      fresh->node = fresh->stack = 0;
      memcpy (fresh->text, text, length + 1);
      interned = fresh->text;
      msvis_name_table_add (self->interned, interned, length, hash);
    }
  lock_strings (self, FALSE);
  return interned;
}

/**
 * msvis_graph_intern:
 * @text: a string
 *
 * Returns: a copy of @text owned by the graph, the same pointer for equal strings
 */
const char *
msvis_graph_intern (MsvisGraph *self,
                    const char *text)
{
  return msvis_graph_intern_full (self, text, NULL);
}

/**
 * msvis_graph_store:
 *
 * Like msvis_graph_intern() without sharing, for strings that are seldom equal. They have a
 * store of their own, which msvis_graph_share_strings() leaves to one thread.
 */
const char *
msvis_graph_store (MsvisGraph *self,
                   const char *text,
                   gsize       length)
{
  return g_string_chunk_insert_len (self->stored, text, length);
}

/**
 * msvis_graph_share_strings:
 * @shared: whether two threads may intern and store strings from now on
 *
 * While a graph is built, one thread makes its nodes and another its items; both intern
 * strings, and only the items' thread stores them. Call with %TRUE before they start and
 * %FALSE after both have stopped.
 */
void
msvis_graph_share_strings (MsvisGraph *self,
                           gboolean    shared)
{
  self->strings_shared = shared;
}

/**
 * msvis_graph_atom:
 * @name: a field name such as "Max"
 *
 * Returns: the small number that stands for @name in this graph's fields
 */
guint32
msvis_graph_atom (MsvisGraph *self,
                  const char *name)
{
  gpointer value;
  char *interned;

  if (g_hash_table_lookup_extended (self->atom_by_name, name, NULL, &value))
    return GPOINTER_TO_UINT (value);

  interned = (char *)msvis_graph_intern (self, name);
  g_ptr_array_add (self->atoms, interned);
  g_hash_table_insert (self->atom_by_name, interned, GUINT_TO_POINTER (self->atoms->len - 1));
  return self->atoms->len - 1;
}

/* Atoms are numbered from 0 to this, less one. */
guint
msvis_graph_get_n_atoms (MsvisGraph *self)
{
  return self->atoms->len;
}

const char *
msvis_graph_atom_name (MsvisGraph *self,
                       guint32     atom)
{
  g_return_val_if_fail (atom < self->atoms->len, NULL);
  return g_ptr_array_index (self->atoms, atom);
}

/**
 * msvis_graph_get_arena:
 *
 * Returns: (transfer none): memory that lives as long as the graph, for per-node JSON values
 */
MsvisArena *
msvis_graph_get_arena (MsvisGraph *self)
{
  return self->arena;
}

/**
 * msvis_graph_get_dump_data_dir:
 * @is_null: (out): whether dump.json had `null` there
 *
 * Returns: dump.json's `dump_data_dir`, "" when it had none
 */
const char *
msvis_graph_get_dump_data_dir (MsvisGraph *self,
                               gboolean   *is_null)
{
  *is_null = self->dump_data_dir_null;
  return self->dump_data_dir;
}

void
msvis_graph_set_dump_data_dir (MsvisGraph *self,
                               const char *dir)
{
  g_free (self->dump_data_dir);
  self->dump_data_dir_null = dir == NULL;
  self->dump_data_dir = g_strdup (dir ? dir : "");
}

/**
 * msvis_graph_get_merged_dump:
 *
 * Returns: whether the graph was built from a parallel merge's dump (--file_type json), whose
 *   dump.json says "is_merged": true; nothing msvis writes carries it
 */
gboolean
msvis_graph_get_merged_dump (MsvisGraph *self)
{
  return self->merged_dump;
}

void
msvis_graph_set_merged_dump (MsvisGraph *self,
                             gboolean    merged)
{
  self->merged_dump = merged;
}

guint
msvis_graph_get_micro_steps (MsvisGraph *self)
{
  return self->micro_steps;
}

void
msvis_graph_set_micro_steps (MsvisGraph *self,
                             guint       n)
{
  self->micro_steps = MAX (n, 1);
}

/**
 * msvis_graph_get_micro_steps_from_dump:
 *
 * Returns: whether the dump gave every node its micro step (a Megatron construct.json,
 *   msprobe-2026.md §2.4), so that no paging may change them
 */
gboolean
msvis_graph_get_micro_steps_from_dump (MsvisGraph *self)
{
  return self->micro_steps_from_dump;
}

void
msvis_graph_set_micro_steps_from_dump (MsvisGraph *self,
                                       gboolean    from_dump)
{
  self->micro_steps_from_dump = from_dump;
}

guint
msvis_graph_get_n_nodes (MsvisGraph *self)
{
  return self->nodes->len;
}

/**
 * msvis_graph_add_node:
 * @type: the node's op
 * @id: its unique name
 *
 * Appends a node without parent.
 *
 * Returns: the new node, or %MSVIS_NODE_ID_NONE if @id is taken
 */
MsvisNodeId
msvis_graph_add_node (MsvisGraph    *self,
                      MsvisNodeType  type,
                      const char    *id)
{
  g_return_val_if_fail (MSVIS_IS_GRAPH (self), MSVIS_NODE_ID_NONE);
  g_return_val_if_fail (id != NULL, MSVIS_NODE_ID_NONE);

  if (named_node (self, id) != 0)
    return MSVIS_NODE_ID_NONE;

  return msvis_graph_append_node (self, type, msvis_graph_intern (self, id));
}

/* msvis_graph_add_node() for an @interned id the caller knows is free: the builder makes
 * every node this way, and each hash lookup less counts there. */
MsvisNodeId
msvis_graph_append_node (MsvisGraph    *self,
                         MsvisNodeType  type,
                         const char    *interned)
{
  NodeRecord record = { 0 };

  record.id = interned;
  record.parent = MSVIS_NODE_ID_NONE;
  record.first_child = record.last_child = record.next_sibling = MSVIS_NODE_ID_NONE;
  record.micro_step = -1;
  record.type = type;
  msvis_huge_pages_append_vals (self->nodes, &record, 1);
  interned_of (interned)->node = self->nodes->len;

  return self->nodes->len - 1;
}

/**
 * msvis_graph_set_root_id:
 *
 * Renames the root, for graphs read from files whose root is not `DefaultModel`. Call before
 * adding other nodes.
 */
void
msvis_graph_set_root_id (MsvisGraph *self,
                         const char *id)
{
  NodeRecord *root = node_record (self, 0);

  g_return_if_fail (self->nodes->len == 1);

  interned_of (root->id)->node = 0;
  root->id = msvis_graph_intern (self, id);
  interned_of (root->id)->node = 1;
}

/**
 * msvis_graph_lookup:
 *
 * Returns: the node named @id in node_map, or %MSVIS_NODE_ID_NONE (nodes beyond
 *   msvis_graph_get_n_listed() are not in node_map)
 */
MsvisNodeId
msvis_graph_lookup (MsvisGraph *self,
                    const char *id)
{
  guint value;

  g_return_val_if_fail (MSVIS_IS_GRAPH (self), MSVIS_NODE_ID_NONE);

  value = named_node (self, id);
  return value == 0 || value > self->n_listed ? MSVIS_NODE_ID_NONE : value - 1;
}

/**
 * msvis_graph_note_stack:
 * @interned: a string msvis_graph_intern() returned for this graph
 * @stack: a stack from msvis_graph_intern_stack()
 *
 * Keeps @stack with the name, where msvis_graph_get_noted_stack() finds it without a hash
 * lookup: the builder notes stack.json's stacks, and gives them to nodes as it makes them.
 */
void
msvis_graph_note_stack (MsvisGraph *self,
                        const char *interned,
                        guint32     stack)
{
  interned_of (interned)->stack = stack + 1;
}

/**
 * msvis_graph_get_noted_stack:
 * @interned: a string msvis_graph_intern() returned for this graph
 * @stack: (out): the stack noted for it
 *
 * Returns: whether msvis_graph_note_stack() noted a stack for @interned
 */
gboolean
msvis_graph_get_noted_stack (MsvisGraph *self,
                             const char *interned,
                             guint32    *stack)
{
  guint32 noted = interned_of (interned)->stack;

  *stack = noted - 1;
  return noted != 0;
}

/**
 * msvis_graph_lookup_interned:
 * @interned: a string msvis_graph_intern() returned for this graph
 *
 * msvis_graph_lookup() without the hash lookup.
 */
MsvisNodeId
msvis_graph_lookup_interned (MsvisGraph *self,
                             const char *interned)
{
  guint value = interned_of (interned)->node;

  return value == 0 || value > self->n_listed ? MSVIS_NODE_ID_NONE : value - 1;
}

MsvisNodeId
msvis_graph_get_root (MsvisGraph *self)
{
  return 0;
}

const char *
msvis_graph_node_get_id (MsvisGraph  *self,
                         MsvisNodeId  node)
{
  return node_record (self, node)->id;
}

MsvisNodeType
msvis_graph_node_get_node_type (MsvisGraph  *self,
                                MsvisNodeId  node)
{
  return node_record (self, node)->type;
}

void
msvis_graph_node_set_node_type (MsvisGraph    *self,
                                MsvisNodeId    node,
                                MsvisNodeType  type)
{
  node_record (self, node)->type = type;
}

MsvisNodeId
msvis_graph_node_get_parent (MsvisGraph  *self,
                             MsvisNodeId  node)
{
  return node_record (self, node)->parent;
}

MsvisNodeId
msvis_graph_node_get_first_child (MsvisGraph  *self,
                                  MsvisNodeId  node)
{
  return node_record (self, node)->first_child;
}

MsvisNodeId
msvis_graph_node_get_next_sibling (MsvisGraph  *self,
                                   MsvisNodeId  node)
{
  return node_record (self, node)->next_sibling;
}

guint
msvis_graph_node_get_n_children (MsvisGraph  *self,
                                 MsvisNodeId  node)
{
  return node_record (self, node)->n_children;
}

/**
 * msvis_graph_node_attach:
 * @node: a node
 * @parent: its new parent
 *
 * msprobe's add_upnode: appends @node to @parent's children, unless @node has a parent
 * already (the first one wins), @parent is %MSVIS_NODE_ID_NONE, or @parent is @node.
 */
void
msvis_graph_node_attach (MsvisGraph  *self,
                         MsvisNodeId  node,
                         MsvisNodeId  parent)
{
  NodeRecord *record, *up;

  g_return_if_fail (node < self->nodes->len);

  record = node_record (self, node);
  if (record->parent != MSVIS_NODE_ID_NONE || parent == MSVIS_NODE_ID_NONE || parent == node)
    return;

  up = node_record (self, parent);
  record->parent = parent;
  record->next_sibling = MSVIS_NODE_ID_NONE;
  if (up->last_child == MSVIS_NODE_ID_NONE)
    up->first_child = node;
  else
    node_record (self, up->last_child)->next_sibling = node;
  up->last_child = node;
  up->n_children++;
}

/**
 * msvis_graph_node_set_children:
 * @children: (array length=n_children): the new children, in order
 *
 * Replaces @node's children; each of them gets @node as parent. Nodes that were children
 * before and are not in @children keep their parent link but are no longer listed, so the
 * caller must list them under their new parent.
 */
void
msvis_graph_node_set_children (MsvisGraph        *self,
                               MsvisNodeId        node,
                               const MsvisNodeId *children,
                               guint              n_children)
{
  NodeRecord *record;

  g_return_if_fail (node < self->nodes->len);

  record = node_record (self, node);
  record->first_child = record->last_child = MSVIS_NODE_ID_NONE;
  record->n_children = n_children;

  for (guint i = 0; i < n_children; i++)
    {
      NodeRecord *child = node_record (self, children[i]);

      child->parent = node;
      child->next_sibling = i + 1 < n_children ? children[i + 1] : MSVIS_NODE_ID_NONE;
    }
  if (n_children > 0)
    {
      record->first_child = children[0];
      record->last_child = children[n_children - 1];
    }
}

/**
 * msvis_graph_node_set_upnode:
 * @upnode: the node to name as @node's upnode, or %MSVIS_NODE_ID_NONE
 *
 * Sets the parent link alone: which node lists @node is left as it is.
 */
void
msvis_graph_node_set_upnode (MsvisGraph  *self,
                             MsvisNodeId  node,
                             MsvisNodeId  upnode)
{
  g_return_if_fail (node < self->nodes->len);
  g_return_if_fail (upnode == MSVIS_NODE_ID_NONE || upnode < self->nodes->len);

  node_record (self, node)->parent = upnode;
}

/**
 * msvis_graph_node_set_subnode_list:
 * @subnodes: (array length=n_subnodes): what "subnodes" says
 *
 * For a node whose "subnodes" in a .vis is not its chain of children: some of them are in
 * another node's chain too, or twice in this one.
 */
void
msvis_graph_node_set_subnode_list (MsvisGraph        *self,
                                   MsvisNodeId        node,
                                   const MsvisNodeId *subnodes,
                                   guint              n_subnodes)
{
  GArray *list;

  g_return_if_fail (node < self->nodes->len);

  list = g_array_sized_new (FALSE, FALSE, sizeof (MsvisNodeId), n_subnodes);
  g_array_append_vals (list, subnodes, n_subnodes);
  g_hash_table_replace (self->subnode_lists, GUINT_TO_POINTER (node + 1), list);
}

/**
 * msvis_graph_node_get_subnode_list:
 * @n_subnodes: (out): the length of the list
 *
 * Returns: (nullable) (array length=n_subnodes): the list set with
 *   msvis_graph_node_set_subnode_list(), or %NULL when the chain of children is the list
 */
const MsvisNodeId *
msvis_graph_node_get_subnode_list (MsvisGraph  *self,
                                   MsvisNodeId  node,
                                   guint       *n_subnodes)
{
  GArray *list = g_hash_table_lookup (self->subnode_lists, GUINT_TO_POINTER (node + 1));

  *n_subnodes = list ? list->len : 0;
  return list ? (const MsvisNodeId *)list->data : NULL;
}

/**
 * msvis_graph_get_n_listed:
 *
 * Returns: how many nodes, from the first, are in node_map and written out; the others only
 *   hang in the tree (all of them unless msvis_graph_set_n_listed() said otherwise)
 */
guint
msvis_graph_get_n_listed (MsvisGraph *self)
{
  return MIN (self->n_listed, self->nodes->len);
}

void
msvis_graph_set_n_listed (MsvisGraph *self,
                          guint       n_listed)
{
  g_return_if_fail (n_listed >= 1 && n_listed <= self->nodes->len);

  self->n_listed = n_listed;
}
