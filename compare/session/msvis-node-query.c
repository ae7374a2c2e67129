// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-metric-cells.h"
#include "msvis-node-query.h"

G_DEFINE_QUARK (msvis-node-query-error-quark, msvis_node_query_error)

typedef enum
{
  OP_TEXT,   /* ':' */
  OP_LT,
  OP_LE,
  OP_GT,
  OP_GE,
  OP_EQ,
  OP_NE,
} Op;

typedef enum
{
  VALUE_TEXT,        /* the cell holds the text */
  VALUE_SHAPE_DIM,   /* the shape lists the number as one of its dimensions */
} ValueKind;

typedef struct
{
  char      *typed;    /* the term as the user wrote it, for messages */
  char      *column;   /* as typed */
  char      *key;      /* folded: lower case, without ' ', '_', '-' */
  Op         op;
  ValueKind  kind;
  double     number;
  char      *text;     /* OP_TEXT: case-folded */
  guint32    atom;     /* after bind */
  gboolean   on_other; /* the column is the counterpart graph's (metrics: NPU only) */
} Term;

struct _MsvisNodeQuery
{
  GPtrArray *words;    /* char *, case-folded, NULL-terminated */
  GArray    *terms;    /* Term */
  MsvisGraph *bound;   /* the graph the atoms are of; borrowed */
  MsvisGraph *other;   /* the counterpart graph, or NULL; borrowed */
};

/* A short name the user may type for a column, and the dtype spellings people use. */
static const struct { const char *alias, *key; } column_aliases[] = {
  { "err", "errmessage" },
  { "error", "errmessage" },
};

static const struct { const char *alias, *dtype; } dtype_aliases[] = {
  { "bf16", "bfloat16" },
  { "fp16", "float16" },
  { "half", "float16" },
  { "fp32", "float32" },
  { "fp64", "float64" },
};

static char *
fold_column (const char *name)
{
  g_autofree char *lower = g_utf8_casefold (name, -1);
  GString *key = g_string_new (NULL);

  for (const char *p = lower; *p != '\0'; p++)
    if (*p != ' ' && *p != '_' && *p != '-')
      g_string_append_c (key, *p);
  for (guint i = 0; i < G_N_ELEMENTS (column_aliases); i++)
    if (strcmp (key->str, column_aliases[i].alias) == 0)
      {
        g_string_assign (key, column_aliases[i].key);
        break;
      }
  return g_string_free (key, FALSE);
}

static void
term_clear (gpointer data)
{
  Term *term = data;

  g_free (term->typed);
  g_free (term->column);
  g_free (term->key);
  g_free (term->text);
}

void
msvis_node_query_free (MsvisNodeQuery *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->words);
  g_array_unref (self->terms);
  g_free (self);
}

/* Splits at blanks outside double quotes; the quotes go. */
static GPtrArray *
tokenize (const char  *text,
          GError     **error)
{
  g_autoptr(GPtrArray) tokens = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) token = NULL;
  gboolean quoted = FALSE;

  for (const char *p = text; ; p++)
    {
      if (*p == '\0' || (!quoted && g_ascii_isspace (*p)))
        {
          if (token != NULL)
            g_ptr_array_add (tokens, g_string_free (g_steal_pointer (&token), FALSE));
          if (*p == '\0')
            break;
          continue;
        }
      if (token == NULL)
        token = g_string_new (NULL);
      if (*p == '"')
        quoted = !quoted;
      else
        g_string_append_c (token, *p);
    }
  if (quoted)
    {
      g_set_error (error, MSVIS_NODE_QUERY_ERROR, MSVIS_NODE_QUERY_ERROR_SYNTAX,
                   _("A quote in “%s” is not closed"), text);
      return NULL;
    }
  return g_steal_pointer (&tokens);
}

/* The operator at @p, and its length; 0 when @p starts none. */
static gsize
read_op (const char *p,
         Op         *op)
{
  static const struct { const char *text; Op op; } ops[] = {
    { "<=", OP_LE }, { ">=", OP_GE }, { "!=", OP_NE }, { "==", OP_EQ },
    { "<", OP_LT }, { ">", OP_GT }, { "=", OP_EQ }, { ":", OP_TEXT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
    if (g_str_has_prefix (p, ops[i].text))
      {
        *op = ops[i].op;
        return strlen (ops[i].text);
      }
  return 0;
}

static gboolean
is_digits (const char *text)
{
  if (*text == '\0')
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

/* The value of a text term as it is matched: dtype aliases spelt out, a shape without
 * blanks ("[2,4" finds "[2, 4, 4]"). */
static void
term_set_text (Term       *term,
               const char *value)
{
  g_autofree char *folded = g_utf8_casefold (value, -1);

  if (strcmp (term->key, "dtype") == 0)
    for (guint i = 0; i < G_N_ELEMENTS (dtype_aliases); i++)
      if (strcmp (folded, dtype_aliases[i].alias) == 0)
        {
          g_free (folded);
          folded = g_strdup (dtype_aliases[i].dtype);
          break;
        }
  if (strcmp (term->key, "shape") == 0 && is_digits (folded))
    {
      term->kind = VALUE_SHAPE_DIM;
      term->number = g_ascii_strtod (folded, NULL);
    }
  if (strcmp (term->key, "shape") == 0)
    {
      g_autoptr(GString) compact = g_string_new (NULL);

      for (const char *p = folded; *p != '\0'; p++)
        if (!g_ascii_isspace (*p))
          g_string_append_c (compact, *p);
      g_free (folded);
      folded = g_string_free (g_steal_pointer (&compact), FALSE);
    }
  term->text = g_steal_pointer (&folded);
}

static gboolean
parse_term (const char  *token,
            const char  *at,
            Term        *term,
            GError     **error)
{
  gsize op_len = read_op (at, &term->op);
  const char *value = at + op_len;

  term->typed = g_strdup (token);
  term->column = g_strstrip (g_strndup (token, at - token));
  if (*term->column == '\0')
    {
      g_set_error (error, MSVIS_NODE_QUERY_ERROR, MSVIS_NODE_QUERY_ERROR_SYNTAX,
                   _("“%s” names no column before “%.*s”: write it as cosine<0.99 or "
                     "dtype:bf16"), token, (int)op_len, at);
      return FALSE;
    }
  if (*value == '\0')
    {
      g_set_error (error, MSVIS_NODE_QUERY_ERROR, MSVIS_NODE_QUERY_ERROR_SYNTAX,
                   _("“%s” has no value after “%.*s”"), token, (int)op_len, at);
      return FALSE;
    }
  term->key = fold_column (term->column);
  if (term->op == OP_TEXT)
    {
      term_set_text (term, value);
      return TRUE;
    }
  if (!msvis_metric_parse_number (value, &term->number) || isnan (term->number))
    {
      g_set_error (error, MSVIS_NODE_QUERY_ERROR, MSVIS_NODE_QUERY_ERROR_NUMBER,
                   _("“%s” in “%s” is not a number (write 0.99, 1e-3 or 1%%)"), value, token);
      return FALSE;
    }
  return TRUE;
}

/**
 * msvis_node_query_parse:
 * @text: what the Find entry holds
 *
 * Splits @text into name words and column terms (see the header). The columns are checked
 * later, against a graph, by msvis_node_query_bind().
 *
 * Returns: (transfer full): the query, or NULL with @error set (MSVIS_NODE_QUERY_ERROR) for
 *   an open quote, a term without column or value, or a comparison with a malformed number
 */
MsvisNodeQuery *
msvis_node_query_parse (const char  *text,
                        GError     **error)
{
  g_autoptr(MsvisNodeQuery) self = g_new0 (MsvisNodeQuery, 1);
  g_autoptr(GPtrArray) tokens = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  self->words = g_ptr_array_new_with_free_func (g_free);
  self->terms = g_array_new (FALSE, TRUE, sizeof (Term));
  g_array_set_clear_func (self->terms, term_clear);
  tokens = tokenize (text, error);
  if (tokens == NULL)
    return NULL;

  for (guint i = 0; i < tokens->len; i++)
    {
      const char *token = g_ptr_array_index (tokens, i);
      const char *at = strpbrk (token, "<>=!:");
      Term term = { NULL };
      Op op;

      /* A '!' without '=' is no operator; names never hold one, so it stays a word. */
      if (at == NULL || read_op (at, &op) == 0)
        {
          g_ptr_array_add (self->words, g_utf8_casefold (token, -1));
          continue;
        }
      if (!parse_term (token, at, &term, error))
        {
          term_clear (&term);
          return NULL;
        }
      g_array_append_val (self->terms, term);
    }
  g_ptr_array_add (self->words, NULL);
  return g_steal_pointer (&self);
}

/* Returns: (array zero-terminated=1): the name words, case-folded */
const char *const *
msvis_node_query_get_words (MsvisNodeQuery *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return (const char *const *)self->words->pdata;
}

guint
msvis_node_query_get_n_terms (MsvisNodeQuery *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->terms->len;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_ascii_strcasecmp (*(const char *const *)a, *(const char *const *)b);
}

static void
set_unknown_column (MsvisGraph  *graph,
                    const Term  *term,
                    GError     **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *list = NULL;

  for (guint32 atom = 0; atom < msvis_graph_get_n_atoms (graph); atom++)
    g_ptr_array_add (names, (gpointer)msvis_graph_atom_name (graph, atom));
  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  list = g_strjoinv (", ", (char **)names->pdata);
  if (names->len == 1)
    g_set_error (error, MSVIS_NODE_QUERY_ERROR, MSVIS_NODE_QUERY_ERROR_COLUMN,
                 _("No column “%s”: the nodes of this graph have no input or output data"),
                 term->column);
  else
    g_set_error (error, MSVIS_NODE_QUERY_ERROR, MSVIS_NODE_QUERY_ERROR_COLUMN,
                 _("No column “%s” in this file. Its columns: %s"), term->column, list);
}

static gboolean
find_atom (MsvisGraph *graph,
           const char *key,
           guint32    *atom)
{
  for (*atom = 0; graph != NULL && *atom < msvis_graph_get_n_atoms (graph); (*atom)++)
    {
      g_autofree char *folded = fold_column (msvis_graph_atom_name (graph, *atom));

      if (strcmp (folded, key) == 0)
        return TRUE;
    }
  return FALSE;
}

/**
 * msvis_node_query_bind:
 * @graph: the graph whose nodes will be matched, with its node data read
 * @other: (nullable): the other side of a compare: a column only it has (the metrics, which
 *   msprobe writes on NPU items) is read on a node's counterpart there
 *
 * Finds each term's column among the field names of the items.
 *
 * Returns: %FALSE with MSVIS_NODE_QUERY_ERROR_COLUMN for a column neither graph has, the
 *   message listing those @graph has
 */
gboolean
msvis_node_query_bind (MsvisNodeQuery  *self,
                       MsvisGraph      *graph,
                       MsvisGraph      *other,
                       GError         **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (MSVIS_IS_GRAPH (graph), FALSE);

  for (guint i = 0; i < self->terms->len; i++)
    {
      Term *term = &g_array_index (self->terms, Term, i);

      term->on_other = FALSE;
      if (find_atom (graph, term->key, &term->atom))
        continue;
      if (!find_atom (other, term->key, &term->atom))
        {
          set_unknown_column (graph, term, error);
          return FALSE;
        }
      term->on_other = TRUE;
    }
  self->bound = graph;
  self->other = other;
  return TRUE;
}

static gboolean
shape_has_dim (const char *shape,
               double      dim)
{
  for (const char *p = shape; *p != '\0'; p++)
    if (g_ascii_isdigit (*p) && (p == shape || !g_ascii_isdigit (p[-1])))
      if (g_ascii_strtod (p, NULL) == dim)
        return TRUE;
  return FALSE;
}

static gboolean
term_matches_text (const Term *term,
                   const char *cell)
{
  double v;

  if (term->op == OP_TEXT)
    {
      g_autofree char *folded = g_utf8_casefold (cell, -1);

      if (term->kind == VALUE_SHAPE_DIM)
        return shape_has_dim (folded, term->number);
      if (strcmp (term->key, "shape") == 0)
        {
          g_autoptr(GString) compact = g_string_new (NULL);

          for (const char *p = folded; *p != '\0'; p++)
            if (!g_ascii_isspace (*p))
              g_string_append_c (compact, *p);
          return strstr (compact->str, term->text) != NULL;
        }
      return strstr (folded, term->text) != NULL;
    }
  if (!msvis_metric_parse_number (cell, &v) || isnan (v))
    return FALSE;
  switch (term->op)
    {
    case OP_LT: return v < term->number;
    case OP_LE: return v <= term->number;
    case OP_GT: return v > term->number;
    case OP_GE: return v >= term->number;
    case OP_EQ: return v == term->number;
    case OP_NE: return v != term->number;
    case OP_TEXT:
    default: return FALSE;
    }
}

/* The item's own field, else the metric a compare in this session gave it. */
static const MsvisField *
find_cell (MsvisGraph *graph,
           guint32     item,
           guint32     atom)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  const MsvisField *field = msvis_graph_item_find_field (graph, item, atom);
  const MsvisField *metrics;
  guint n = 0;

  if (field != NULL || results == NULL)
    return field;
  metrics = msvis_compare_results_get_metrics (results, item, &n);
  for (guint i = 0; i < n; i++)
    if (metrics[i].name == atom)
      return &metrics[i];
  return NULL;
}

static gboolean
term_matches_node (const Term  *term,
                   MsvisGraph  *graph,
                   MsvisNodeId  node)
{
  for (guint run = 0; run < 2; run++)
    {
      guint32 n, first = run == 0 ? msvis_graph_node_get_inputs (graph, node, &n)
                                  : msvis_graph_node_get_outputs (graph, node, &n);

      for (guint32 item = first; item < first + n; item++)
        {
          const MsvisField *field = find_cell (graph, item, term->atom);
          g_autofree char *cell = NULL;

          if (field == NULL)
            continue;
          cell = msvis_metric_format_field (field);
          if (term_matches_text (term, cell))
            return TRUE;
        }
    }
  return FALSE;
}

/**
 * msvis_node_query_match_terms:
 * @counterpart: @node's counterpart in the other graph given to bind, or MSVIS_NODE_ID_NONE
 *
 * Whether each column term holds for some input or output of @node (or of @counterpart, for
 * a column only the other graph has). The name words are the caller's (the finder matches
 * names fast). The caller holds the document's lock.
 */
gboolean
msvis_node_query_match_terms (MsvisNodeQuery *self,
                              MsvisGraph     *graph,
                              MsvisNodeId     node,
                              MsvisNodeId     counterpart)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (self->terms->len == 0 || self->bound == graph, FALSE);

  for (guint i = 0; i < self->terms->len; i++)
    {
      const Term *term = &g_array_index (self->terms, Term, i);

      if (term->on_other ? counterpart == MSVIS_NODE_ID_NONE ||
                           !term_matches_node (term, self->other, counterpart)
                         : !term_matches_node (term, graph, node))
        return FALSE;
    }
  return TRUE;
}
