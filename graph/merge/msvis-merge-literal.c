// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "msvis-merge-json-private.h"

/* Items keep lists and dicts as the text str() gives ("[4, 4]", "{'a': 1}"): the
 * --file_type json export needs them back as JSON, as Python still holds them as objects,
 * and ast.literal_eval reads shapes from such text. A small reader of Python literals. */

typedef struct
{
  MsvisArena *arena;
  const char *p;
  guint       depth;
} Lit;

static MsvisJsonValue *lit_value (Lit *l);

static void
skip_space (Lit *l)
{
  while (*l->p == ' ' || *l->p == '\t' || *l->p == '\n')
    l->p++;
}

static MsvisJsonValue *
lit_string (Lit *l)
{
  char quote = *l->p++;
  GString *text = g_string_new (NULL);
  MsvisJsonValue *v;

  while (*l->p != quote)
    {
      char c = *l->p++;

      if (c == '\0')
        {
          g_string_free (text, TRUE);
          return NULL;
        }
      if (c != '\\')
        {
          g_string_append_c (text, c);
          continue;
        }
      c = *l->p++;
      switch (c)
        {
        case 'n': g_string_append_c (text, '\n'); break;
        case 't': g_string_append_c (text, '\t'); break;
        case 'r': g_string_append_c (text, '\r'); break;
        case '\\': case '\'': case '"': g_string_append_c (text, c); break;
        case 'x': case 'u': case 'U':
          {
            guint len = c == 'x' ? 2 : c == 'u' ? 4 : 8;
            char digits[9] = { 0 };
            gunichar ch;

            if (strlen (l->p) < len)
              {
                g_string_free (text, TRUE);
                return NULL;
              }
            memcpy (digits, l->p, len);
            ch = (gunichar)strtoul (digits, NULL, 16);
            g_string_append_unichar (text, ch);
            l->p += len;
            break;
          }
        default:
          g_string_free (text, TRUE);
          return NULL;
        }
    }
  l->p++;
  v = msvis_json_value_new_string (l->arena, text->str);
  g_string_free (text, TRUE);
  return v;
}

static MsvisJsonValue *
lit_number (Lit *l)
{
  const char *start = l->p;
  gboolean is_float = FALSE;
  MsvisJsonValue *v;
  char *end;

  if (*l->p == '-' || *l->p == '+')
    l->p++;
  if (g_str_has_prefix (l->p, "inf") || g_str_has_prefix (l->p, "nan"))
    {
      l->p += 3;
      v = msvis_json_value_new (l->arena, MSVIS_JSON_FLOAT);
      v->f = g_ascii_strtod (start, NULL);
      return v;
    }
  while (g_ascii_isdigit (*l->p) || *l->p == '.' || *l->p == 'e' || *l->p == 'E' ||
         ((*l->p == '-' || *l->p == '+') && (l->p[-1] == 'e' || l->p[-1] == 'E')))
    {
      is_float = is_float || !g_ascii_isdigit (*l->p);
      l->p++;
    }
  if (l->p == start || (!g_ascii_isdigit (l->p[-1]) && l->p[-1] != '.'))
    return NULL;
  if (is_float)
    {
      v = msvis_json_value_new (l->arena, MSVIS_JSON_FLOAT);
      v->f = g_ascii_strtod (start, &end);
      return end == l->p ? v : NULL;
    }
  v = msvis_json_value_new (l->arena, MSVIS_JSON_INT);
  v->i = g_ascii_strtoll (start, &end, 10);
  if (end != l->p || (v->i == G_MAXINT64 || v->i == G_MININT64))
    {
      v->kind = MSVIS_JSON_BIGINT;
      v->s = msvis_arena_strndup (l->arena, start, l->p - start);
      v->n = l->p - start;
    }
  return v;
}

/* [a, b], (a, b) or (a,): a JSON array either way, as json.dump writes tuples. */
static MsvisJsonValue *
lit_sequence (Lit  *l,
              char  close)
{
  MsvisJsonValue *v = msvis_json_value_new (l->arena, MSVIS_JSON_ARRAY);

  l->p++;
  skip_space (l);
  while (*l->p != close)
    {
      MsvisJsonValue *element = lit_value (l);

      if (element == NULL)
        return NULL;
      msvis_json_value_append (v, element);
      skip_space (l);
      if (*l->p == ',')
        {
          l->p++;
          skip_space (l);
        }
      else if (*l->p != close)
        return NULL;
    }
  l->p++;
  return v;
}

static MsvisJsonValue *
lit_dict (Lit *l)
{
  MsvisJsonValue *v = msvis_json_value_new (l->arena, MSVIS_JSON_OBJECT);

  l->p++;
  skip_space (l);
  while (*l->p != '}')
    {
      MsvisJsonValue *key, *value;

      if (*l->p != '\'' && *l->p != '"')
        return NULL;   /* json.dump would turn other keys into text: not worth it */
      key = lit_string (l);
      skip_space (l);
      if (key == NULL || *l->p++ != ':')
        return NULL;
      skip_space (l);
      value = lit_value (l);
      if (value == NULL)
        return NULL;
      msvis_json_value_set_member (l->arena, v, key->s, value);
      skip_space (l);
      if (*l->p == ',')
        {
          l->p++;
          skip_space (l);
        }
      else if (*l->p != '}')
        return NULL;
    }
  l->p++;
  return v;
}

static MsvisJsonValue *
lit_value (Lit *l)
{
  MsvisJsonValue *v = NULL;

  if (++l->depth > 100)
    return NULL;
  skip_space (l);
  if (*l->p == '[')
    v = lit_sequence (l, ']');
  else if (*l->p == '(')
    v = lit_sequence (l, ')');
  else if (*l->p == '{')
    v = lit_dict (l);
  else if (*l->p == '\'' || *l->p == '"')
    v = lit_string (l);
  else if (g_str_has_prefix (l->p, "True") || g_str_has_prefix (l->p, "False"))
    {
      v = msvis_json_value_new (l->arena, MSVIS_JSON_BOOL);
      v->b = *l->p == 'T';
      l->p += v->b ? 4 : 5;
    }
  else if (g_str_has_prefix (l->p, "None"))
    {
      v = msvis_json_value_new (l->arena, MSVIS_JSON_NULL);
      l->p += 4;
    }
  else
    v = lit_number (l);
  l->depth--;
  return v;
}

/**
 * merge_json_from_literal:
 *
 * Returns: (nullable): the JSON of the Python literal @text, or %NULL when it is not one
 */
MsvisJsonValue *
merge_json_from_literal (MsvisArena *arena,
                         const char *text)
{
  Lit l = { arena, text, 0 };
  MsvisJsonValue *v = lit_value (&l);

  if (v == NULL)
    return NULL;
  skip_space (&l);
  return *l.p == '\0' ? v : NULL;
}
