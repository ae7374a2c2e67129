// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-node-finder-private.h"
#include "msvis-node-query.h"

/* Search by name: a scan of every node's name in id (dump) order, on the caller's thread or a
 * worker. The finder is immutable, so workers need no lock. */

#define CANCEL_CHECK_INTERVAL 4096

/* g_ascii_tolower() is a function call; this loop runs once per byte of every name. */
static inline char
fold (char c)
{
  return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

static gboolean
contains_ascii_nocase (const char *haystack,
                       const char *needle,   /* lower case */
                       gsize       needle_len)
{
  char first = needle[0];

  for (const char *p = haystack; *p != '\0'; p++)
    {
      gsize i;

      if (fold (*p) != first)
        continue;
      for (i = 1; i < needle_len && p[i] != '\0'; i++)
        if (fold (p[i]) != needle[i])
          break;
      if (i == needle_len)
        return TRUE;
      if (p[i] == '\0')
        return FALSE;
    }
  return FALSE;
}

static gboolean
is_ascii (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if ((guchar)*p >= 0x80)
      return FALSE;
  return TRUE;
}

typedef struct
{
  GRegex   *regex;        /* NULL: substring */
  char     *needle;       /* case-folded */
  gsize     needle_len;
  gboolean  ascii;        /* the folded needle is ASCII */
} Matcher;

static void
matcher_clear (Matcher *m)
{
  g_clear_pointer (&m->regex, g_regex_unref);
  g_clear_pointer (&m->needle, g_free);
}

/* msprobe's names are ASCII, and ASCII folds to ASCII: an ASCII needle needs only ASCII
 * folding, and a needle that is not ASCII after folding cannot be in an ASCII name. Only the
 * rare name with other characters is folded in full, with an allocation. */
static gboolean
matcher_matches (const Matcher *m,
                 const char    *name)
{
  g_autofree char *folded = NULL;

  if (m->regex != NULL)
    return g_regex_match (m->regex, name, 0, NULL);
  if (m->ascii)
    return contains_ascii_nocase (name, m->needle, m->needle_len);
  if (is_ascii (name))
    return FALSE;
  folded = g_utf8_casefold (name, -1);
  return strstr (folded, m->needle) != NULL;
}

/* A name word of the query, already case-folded. */
static void
matcher_init_word (Matcher    *m,
                   const char *word)
{
  memset (m, 0, sizeof *m);
  m->needle = g_strdup (word);
  m->needle_len = strlen (m->needle);
  m->ascii = is_ascii (m->needle);
}

/* What one search matches: a regex, or the query's name words and column terms. */
typedef struct
{
  GArray         *matchers;   /* Matcher: each must match the name */
  MsvisNodeQuery *query;      /* NULL, or column terms bound to the graph */
  GRecMutexLocker *locker;    /* held while column terms read node data */
} Search;

static void
search_clear (Search *search)
{
  for (guint i = 0; search->matchers != NULL && i < search->matchers->len; i++)
    matcher_clear (&g_array_index (search->matchers, Matcher, i));
  g_clear_pointer (&search->matchers, g_array_unref);
  g_clear_pointer (&search->locker, g_rec_mutex_locker_free);
  g_clear_pointer (&search->query, msvis_node_query_free);
}

/* Returns FALSE for a query that finds nothing by definition (empty, or blank in substring
 * mode: pasted names often bring a newline) and, with @error set, for a bad one. Column terms
 * need every node's data: a .vis.db reads it here, once, on the searching thread. */
static gboolean
search_init (Search           *search,
             MsvisNodeFinder  *self,
             const char       *query,
             MsvisFindFlags    flags,
             GCancellable     *cancellable,
             GError          **error)
{
  g_autoptr(MsvisNodeQuery) parsed = NULL;
  const char *const *words;
  Matcher m;

  memset (search, 0, sizeof *search);
  search->matchers = g_array_new (FALSE, FALSE, sizeof (Matcher));
  if (flags & MSVIS_FIND_REGEX)
    {
      if (*query == '\0')
        return FALSE;
      memset (&m, 0, sizeof m);
      m.regex = g_regex_new (query, G_REGEX_CASELESS | G_REGEX_OPTIMIZE, 0, error);
      if (m.regex == NULL)
        return FALSE;
      g_array_append_val (search->matchers, m);
      return TRUE;
    }

  parsed = msvis_node_query_parse (query, error);
  if (parsed == NULL)
    return FALSE;
  words = msvis_node_query_get_words (parsed);
  for (guint i = 0; words[i] != NULL; i++)
    {
      matcher_init_word (&m, words[i]);
      g_array_append_val (search->matchers, m);
    }
  if (msvis_node_query_get_n_terms (parsed) == 0)
    return search->matchers->len > 0;

  if (!msvis_vis_document_ensure_all_data (self->doc, cancellable, error))
    return FALSE;
  search->locker = msvis_vis_document_lock (self->doc);
  if (!msvis_node_query_bind (parsed, self->graph,
                              msvis_vis_document_get_graph (self->doc, !self->bench), error))
    return FALSE;
  search->query = g_steal_pointer (&parsed);
  return TRUE;
}

static gboolean
search_matches (const Search *search,
                MsvisNodeFinder *self,
                MsvisNodeId      node)
{
  const char *name = msvis_graph_node_get_id (self->graph, node);

  for (guint i = 0; i < search->matchers->len; i++)
    if (!matcher_matches (&g_array_index (search->matchers, Matcher, i), name))
      return FALSE;
  return search->query == NULL ||
         msvis_node_query_match_terms (search->query, self->graph, node,
                                       msvis_vis_document_get_counterpart (self->doc, self->bench,
                                                                           node));
}

/**
 * msvis_node_finder_search:
 * @query: name words and column terms (msvis-node-query.h), or a GRegex pattern with
 *   %MSVIS_FIND_REGEX; both ignore case
 * @limit: the most ids to return; 0 for no limit
 * @truncated: (out) (optional): set to whether more nodes match than @limit
 * @cancellable: (nullable): checked every few thousand nodes
 *
 * Matches every node (modules as well as leaves) by its name, and by the cells of its inputs
 * and outputs when the query has column terms, in dump order. An empty query matches
 * nothing. An invalid pattern fails with a G_REGEX_ERROR whose message says where, a bad
 * column term with a MSVIS_NODE_QUERY_ERROR.
 *
 * Returns: (transfer full) (element-type MsvisNodeId): the matching node ids, or NULL with
 *   @error set
 */
GArray *
msvis_node_finder_search (MsvisNodeFinder  *self,
                          const char       *query,
                          MsvisFindFlags    flags,
                          guint             limit,
                          gboolean         *truncated,
                          GCancellable     *cancellable,
                          GError          **error)
{
  g_autoptr(GArray) hits = NULL;
  g_autoptr(GError) local_error = NULL;
  Search search;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  hits = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  if (truncated != NULL)
    *truncated = FALSE;
  if (!search_init (&search, self, query, flags, cancellable, &local_error))
    {
      search_clear (&search);
      if (local_error == NULL)
        return g_steal_pointer (&hits);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  for (MsvisNodeId node = 0; node < self->n_nodes; node++)
    {
      if (node % CANCEL_CHECK_INTERVAL == 0 &&
          g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          search_clear (&search);
          return NULL;
        }
      if (!search_matches (&search, self, node))
        continue;
      if (limit != 0 && hits->len == limit)
        {
          if (truncated != NULL)
            *truncated = TRUE;
          break;
        }
      g_array_append_val (hits, node);
    }
  search_clear (&search);
  return g_steal_pointer (&hits);
}

typedef struct
{
  MsvisNodeFinder *finder;
  char            *query;
  MsvisFindFlags   flags;
  guint            limit;
  gboolean         truncated;   /* written by the worker, read after it completes */
} SearchData;

static void
search_data_free (gpointer data)
{
  SearchData *d = data;

  msvis_node_finder_unref (d->finder);
  g_free (d->query);
  g_free (d);
}

static void
msvis_node_finder_search_worker (GTask        *task,
                                 gpointer      source_object,
                                 gpointer      task_data,
                                 GCancellable *cancellable)
{
  SearchData *d = task_data;
  GError *error = NULL;
  GArray *hits = msvis_node_finder_search (d->finder, d->query, d->flags, d->limit,
                                           &d->truncated, cancellable, &error);

  if (hits == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, hits, (GDestroyNotify)g_array_unref);
}

/**
 * msvis_node_finder_search_async:
 *
 * msvis_node_finder_search() on a worker thread, for graphs where a search takes longer than
 * a frame. A cancelled search always finishes with G_IO_ERROR_CANCELLED.
 */
void
msvis_node_finder_search_async (MsvisNodeFinder     *self,
                                const char          *query,
                                MsvisFindFlags       flags,
                                guint                limit,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  SearchData *d;

  g_return_if_fail (self != NULL);
  g_return_if_fail (query != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  d = g_new0 (SearchData, 1);
  d->finder = msvis_node_finder_ref (self);
  d->query = g_strdup (query);
  d->flags = flags;
  d->limit = limit;

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, msvis_node_finder_search_async);
  g_task_set_name (task, "[msvis] node search");
  g_task_set_task_data (task, d, search_data_free);
  g_task_run_in_thread (task, msvis_node_finder_search_worker);
}

/**
 * msvis_node_finder_search_finish:
 * @truncated: (out) (optional): whether more nodes matched than the limit
 *
 * Returns: (transfer full) (element-type MsvisNodeId): the matching node ids, or NULL with
 *   @error set
 */
GArray *
msvis_node_finder_search_finish (MsvisNodeFinder  *self,
                                 GAsyncResult     *result,
                                 gboolean         *truncated,
                                 GError          **error)
{
  SearchData *d;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        msvis_node_finder_search_async, NULL);

  d = g_task_get_task_data (G_TASK (result));
  if (truncated != NULL)
    *truncated = d->truncated;
  return g_task_propagate_pointer (G_TASK (result), error);
}
