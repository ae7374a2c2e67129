// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-dump-reader-private.h"
#include "msvis-reader-error.h"

/* construct.json: the child → parent object, in its plain and its Megatron form. */

void
msvis_construct_free (MsvisConstruct *construct)
{
  if (construct == NULL)
    return;

  g_array_unref (construct->pairs);
  g_hash_table_unref (construct->index);
  g_clear_object (&construct->file);
  g_free (construct);
}

/**
 * msvis_construct_lookup:
 * @parent: (out): the parent construct.json gives, %NULL for top level
 *
 * Returns: whether @child is a key of construct.json
 */
gboolean
msvis_construct_lookup (MsvisConstruct  *construct,
                        const char      *child,
                        const char     **parent)
{
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (construct->index, child));

  *parent = index ? g_array_index (construct->pairs, MsvisConstructPair, index - 1).parent : NULL;
  return index > 0;
}

/**
 * msvis_construct_get_micro_step:
 *
 * Returns: the micro step a Megatron construct.json gives @child, 0 for a name it does not
 *   list and for the plain form (msprobe-2026.md §4.3)
 */
gint
msvis_construct_get_micro_step (MsvisConstruct *construct,
                                const char     *child)
{
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (construct->index, child));

  return index ? g_array_index (construct->pairs, MsvisConstructPair, index - 1).micro_step : 0;
}

/* A parent name, or null/"" for top level, into @pair; whatever else, an error. */
static gboolean
read_parent_name (MsvisJsonScanner    *scanner,
                  MsvisGraph          *graph,
                  MsvisJsonToken       token,
                  MsvisConstructPair  *pair,
                  GError             **error)
{
  const char *parent;
  gsize length;

  if (token == MSVIS_JSON_TOKEN_NULL)
    return TRUE;
  if (token != MSVIS_JSON_TOKEN_STRING)
    {
      msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                    /* translators: %s is a node name */
                                    _("the parent in the [parent, micro step] list of “%s” "
                                      "must be a name or null"),
                                    pair->child);
      return FALSE;
    }

  parent = msvis_json_scanner_get_string (scanner, &length);
  if (!_msvis_dump_check_name_length (scanner, length, error))
    return FALSE;
  pair->parent = parent[0] ? msvis_graph_intern (graph, parent) : NULL;
  return TRUE;
}

/* The rest of a Megatron value [parent, micro_step], past its opening bracket. */
static gboolean
read_megatron_value (MsvisJsonScanner    *scanner,
                     MsvisGraph          *graph,
                     MsvisConstructPair  *pair,
                     GError             **error)
{
  MsvisJsonToken token;
  gint64 step;

  if (!msvis_json_scanner_next (scanner, &token, error))
    return FALSE;
  if (token == MSVIS_JSON_TOKEN_END_ARRAY)
    goto wrong_length;
  if (!read_parent_name (scanner, graph, token, pair, error) ||
      !msvis_json_scanner_next (scanner, &token, error))
    return FALSE;
  if (token == MSVIS_JSON_TOKEN_END_ARRAY)
    goto wrong_length;

  step = msvis_json_scanner_get_int (scanner);
  if (token != MSVIS_JSON_TOKEN_INT || step < 0 || step > G_MAXINT32)
    {
      msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                    /* translators: %s is a node name */
                                    _("the micro step in the [parent, micro step] list of "
                                      "“%s” must be an integer of at least 0"),
                                    pair->child);
      return FALSE;
    }
  pair->micro_step = step;

  if (!msvis_json_scanner_next (scanner, &token, error))
    return FALSE;
  if (token == MSVIS_JSON_TOKEN_END_ARRAY)
    return TRUE;

wrong_length:
  msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                /* translators: %s is a node name */
                                _("the value of “%s” must be a name, null or a list "
                                  "[parent, micro step] of two"),
                                pair->child);
  return FALSE;
}

/* The value of the member "megatron_micro_step_number", into @construct. */
static gboolean
read_micro_step_number (MsvisJsonScanner  *scanner,
                        MsvisConstruct    *construct,
                        GError           **error)
{
  MsvisJsonToken token;
  gint64 n;

  if (!msvis_json_scanner_next (scanner, &token, error))
    return FALSE;
  n = msvis_json_scanner_get_int (scanner);
  if (token != MSVIS_JSON_TOKEN_INT || n < 0 || n >= G_MAXINT32)
    {
      msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                    _("megatron_micro_step_number must be an integer of at "
                                      "least 0"));
      return FALSE;
    }
  construct->micro_step_number = n;
  return TRUE;
}

/* The value of a member: a name, null (or the falsy false and 0 msprobe takes for null),
 * or [parent, micro_step] in a Megatron construct.json. */
static gboolean
read_parent (MsvisJsonScanner    *scanner,
             MsvisGraph          *graph,
             MsvisConstructPair  *pair,
             gboolean            *is_list,
             GError             **error)
{
  MsvisJsonToken token;

  if (!msvis_json_scanner_next (scanner, &token, error))
    return FALSE;

  switch (token)
    {
    case MSVIS_JSON_TOKEN_STRING:
      return read_parent_name (scanner, graph, token, pair, error);
    case MSVIS_JSON_TOKEN_NULL:
    case MSVIS_JSON_TOKEN_FALSE:
      return TRUE;
    case MSVIS_JSON_TOKEN_BEGIN_ARRAY:
      *is_list = TRUE;
      return read_megatron_value (scanner, graph, pair, error);
    case MSVIS_JSON_TOKEN_INT:
      if (msvis_json_scanner_get_int (scanner) == 0)
        return TRUE;
      G_GNUC_FALLTHROUGH;
    case MSVIS_JSON_TOKEN_EOF:
    case MSVIS_JSON_TOKEN_BEGIN_OBJECT:
    case MSVIS_JSON_TOKEN_END_OBJECT:
    case MSVIS_JSON_TOKEN_END_ARRAY:
    case MSVIS_JSON_TOKEN_KEY:
    case MSVIS_JSON_TOKEN_BIGINT:
    case MSVIS_JSON_TOKEN_FLOAT:
    case MSVIS_JSON_TOKEN_TRUE:
    default:
      msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                    /* translators: %s is a node name */
                                    _("the parent of “%s” must be a name or null"),
                                    pair->child);
      return FALSE;
    }
}

/* msprobe reads list values only beside megatron_micro_step_number, which may come after
 * them; without it the lists would be taken for names, so they are refused at the first. */
static gboolean
check_lists_have_number (MsvisJsonScanner  *scanner,
                         MsvisConstruct    *construct,
                         guint64            first_list,
                         GError           **error)
{
  if (first_list == G_MAXUINT64 || construct->micro_step_number >= 0)
    return TRUE;

  g_set_error_literal (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                       _("a [parent, micro step] list in a file without "
                         "megatron_micro_step_number"));
  msvis_json_scanner_prefix_error (scanner, error, first_list);
  return FALSE;
}

/**
 * msvis_construct_read:
 *
 * Reads construct.json, the flat child → parent object. A falsy parent (null, "") means
 * top level; a repeated child keeps its first place and its last parent, as a Python dict.
 * Megatron/MindSpeed runs write [parent, micro_step] values and the member
 * megatron_micro_step_number (msprobe-2026.md §2.4), which is no node.
 *
 * Returns: (transfer full): the pairs, or %NULL with @error set
 */
MsvisConstruct *
msvis_construct_read (GFile         *file,
                      MsvisGraph    *graph,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_autoptr(MsvisJsonScanner) scanner = NULL;
  g_autoptr(MsvisConstruct) construct = g_new0 (MsvisConstruct, 1);
  guint64 first_list = G_MAXUINT64;

  construct->pairs = g_array_new (FALSE, FALSE, sizeof (MsvisConstructPair));
  construct->index = g_hash_table_new (msvis_str_hash, g_str_equal);
  construct->file = g_object_ref (file);
  construct->micro_step_number = -1;

  scanner = _msvis_dump_open_object (file, cancellable, error);
  if (scanner == NULL)
    return NULL;

  for (;;)
    {
      MsvisConstructPair pair = { NULL, NULL, 0, 0 };
      MsvisJsonToken token;
      const char *key;
      guint index;
      gsize length;
      gboolean added, is_list = FALSE;

      if (!msvis_json_scanner_next (scanner, &token, error))
        return NULL;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        break;

      pair.offset = msvis_json_scanner_get_key_end (scanner);
      key = msvis_json_scanner_get_string (scanner, &length);
      if (strcmp (key, "megatron_micro_step_number") == 0)
        {
          if (!read_micro_step_number (scanner, construct, error))
            return NULL;
          continue;
        }
      if (!_msvis_dump_check_name_length (scanner, length, error))
        return NULL;
      pair.child = msvis_graph_intern_full (graph, key, &added);
      if (!read_parent (scanner, graph, &pair, &is_list, error))
        return NULL;
      if (is_list && first_list == G_MAXUINT64)
        first_list = pair.offset;

      /* A name new to the graph cannot be a child seen before. */
      index = added ? 0 : GPOINTER_TO_UINT (g_hash_table_lookup (construct->index, pair.child));
      if (index > 0)
        {
          MsvisConstructPair *first = &g_array_index (construct->pairs, MsvisConstructPair,
                                                      index - 1);

          first->parent = pair.parent;
          first->micro_step = pair.micro_step;
          continue;
        }
      g_array_append_val (construct->pairs, pair);
      g_hash_table_insert (construct->index, (char *)pair.child,
                           GUINT_TO_POINTER (construct->pairs->len));
    }

  if (!_msvis_dump_expect (scanner, MSVIS_JSON_TOKEN_EOF, _("the end of the file"), error) ||
      !check_lists_have_number (scanner, construct, first_list, error))
    return NULL;

  return g_steal_pointer (&construct);
}
