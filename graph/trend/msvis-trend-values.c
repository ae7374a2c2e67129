// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "msvis-c-locale.h"
#include "msvis-py-float.h"
#include "msvis-trend-private.h"

/* § 6.3: msprobe's clipping; FALSE for what becomes NULL. */
gboolean
msvis_trend_stat_value (const MsvisJsonValue *value,
                        double               *out)
{
  double v;

  if (value == NULL)
    return FALSE;
  switch (value->kind)
    {
    case MSVIS_JSON_STRING:
      if (!msvis_py_parse_float (value->s, value->n, &v))
        return FALSE;
      break;
    case MSVIS_JSON_BOOL:
      v = value->b ? 1.0 : 0.0;
      break;
    case MSVIS_JSON_INT:
      /* integers compare exactly before becoming a float */
      if (value->i > 1000000000)
        v = 1e9;
      else if (value->i < -1000000000)
        v = -1e9;
      else
        v = (double)value->i;
      break;
    case MSVIS_JSON_BIGINT:
      v = value->s[0] == '-' ? -1e9 : 1e9;
      break;
    case MSVIS_JSON_FLOAT:
      v = value->f;
      break;
    case MSVIS_JSON_NULL:
    case MSVIS_JSON_ARRAY:
    case MSVIS_JSON_OBJECT:
    default:
      return FALSE;
    }
  if (isnan (v))
    return FALSE;
  if (isinf (v))
    v = v > 0 ? 1000000001.0 : -1000000001.0;
  else if (v > 1e9)
    v = 1e9;
  else if (v < -1e9)
    v = -1e9;
  *out = v;
  return TRUE;
}

/* Python's str.replace, an empty @old included (@new_text between all characters). */
char *
msvis_trend_replace (const char *text,
                     const char *old,
                     const char *new_text)
{
  GString *out = g_string_sized_new (strlen (text) + 16);
  gsize old_len = strlen (old);

  if (old_len == 0)
    {
      const char *p = text;

      g_string_append (out, new_text);
      while (*p != '\0')
        {
          const char *next = g_utf8_next_char (p);

          g_string_append_len (out, p, next - p);
          g_string_append (out, new_text);
          p = next;
        }
      return g_string_free (out, FALSE);
    }
  for (const char *p = text;;)
    {
      const char *hit = strstr (p, old);

      if (hit == NULL)
        {
          g_string_append (out, p);
          break;
        }
      g_string_append_len (out, p, hit - p);
      g_string_append (out, new_text);
      p = hit + old_len;
    }
  return g_string_free (out, FALSE);
}

/* § 4: each (key, value) of the mapping file in order, on the previous one's result. */
char *
msvis_trend_map_name (GPtrArray  *mapping,
                      const char *name)
{
  char *result = g_strdup (name);

  for (guint i = 0; mapping != NULL && i + 1 < mapping->len; i += 2)
    {
      char *next = msvis_trend_replace (result, g_ptr_array_index (mapping, i),
                                        g_ptr_array_index (mapping, i + 1));

      g_free (result);
      result = next;
    }
  return result;
}

static gboolean
has_marker (const char *name,
            const char *dotted,    /* ".forward." */
            const char *suffix)    /* ".forward" */
{
  return strstr (name, dotted) != NULL || g_str_has_suffix (name, suffix);
}

static void
strip_marker (char       *name,
              const char *dotted,
              const char *suffix)
{
  g_autofree char *once = msvis_trend_replace (name, dotted, ".");
  g_autofree char *twice = msvis_trend_replace (once, suffix, "");

  strcpy (name, twice);   /* never longer */
}

/**
 * msvis_trend_classify:
 * @name: the mapped name; becomes the name without its direction marker
 *
 * Returns: the metric (0 forward, 1 backward, 2 recompute, 3 parameters_grad), or -1 for an
 * entry msprobe skips (§ 6.1).
 */
int
msvis_trend_classify (char                 *name,
                      const MsvisJsonValue *entry)
{
  if (has_marker (name, ".forward.", ".forward"))
    {
      const MsvisJsonValue *recompute = msvis_json_value_get_member (entry, "is_recompute");

      strip_marker (name, ".forward.", ".forward");
      return recompute != NULL && msvis_json_value_is_truthy (recompute) ? 2 : 0;
    }
  if (has_marker (name, ".backward.", ".backward"))
    {
      strip_marker (name, ".backward.", ".backward");
      return 1;
    }
  if (g_str_has_suffix (name, "parameters_grad"))
    {
      g_autofree char *stripped = msvis_trend_replace (name, ".parameters_grad", "");

      strcpy (name, stripped);
      return 3;
    }
  else
    {
      char *last = strrchr (name, '.');
      char *second;

      if (last == NULL || last == name)
        return -1;
      *last = '\0';
      second = strrchr (name, '.');
      if (second != NULL && strcmp (second + 1, "parameters_grad") == 0)
        {
          *second = '\0';
          return 3;
        }
      *last = '.';
    }
  return -1;
}

static gboolean
all_digits (const char *p,
            gsize       length)
{
  if (length == 0)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isdigit (p[i]))
      return FALSE;
  return TRUE;
}

static gint64
digits_value (const char *p)
{
  guint64 v = g_ascii_strtoull (p, NULL, 10);

  return v > G_MAXINT64 ? G_MAXINT64 : (gint64)v;
}

/* § 6.1 split_index: cuts a last all-digit part off @name and returns it (0 without one). */
gint64
msvis_trend_split_index (char *name)
{
  char *dot = strrchr (name, '.');
  gint64 index;

  if (dot == NULL || !all_digits (dot + 1, strlen (dot + 1)))
    return 0;
  index = digits_value (dot + 1);
  *dot = '\0';
  return index;
}

static void
add_tag (GPtrArray  *tags,
         const char *category,
         const char *name)
{
  char *both = g_strconcat (category, "\x1f", name, NULL);

  for (guint i = 0; i < tags->len; i++)
    if (strcmp (g_ptr_array_index (tags, i), both) == 0)
      {
        g_free (both);
        return;
      }
  g_ptr_array_add (tags, both);
}

static gboolean
part_is_digits (const char *part)
{
  return all_digits (part, strlen (part));
}

static void
add_joined (GPtrArray  *tags,
            const char *category,
            char      **parts,
            int         from,
            int         to)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (int i = from; i < to; i++)
    {
      if (i > from)
        g_string_append_c (s, '.');
      g_string_append (s, parts[i]);
    }
  if (s->len > 0)
    add_tag (tags, category, s->str);
}

/* § 6.7 tags(name), appended to @tags as "category\x1ftag", each once. */
void
msvis_trend_tags (const char *name,
                  GPtrArray  *tags)
{
  g_auto(GStrv) parts = g_strsplit (name, ".", -1);
  int n = g_strv_length (parts), n_rest = 0, last = -1;
  g_autofree char **rest = g_new0 (char *, n + 1);
  g_autofree char *index = NULL;
  gboolean is_module = FALSE;
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);

  if (n < 3)
    return;
  index = g_strconcat (parts[n - 2], ".", parts[n - 1], NULL);
  add_tag (found, "index", index);
  for (int i = 0; i < n - 2; i++)
    if (strcmp (parts[i], "Module") == 0 || strcmp (parts[i], "Cell") == 0)
      {
        add_tag (found, "default", parts[i]);
        is_module = TRUE;
      }
    else
      rest[n_rest++] = parts[i];
  if (n_rest == 0)
    return;
  if (!is_module)
    add_joined (found, "function", rest, 0, n_rest);
  else
    {
      for (int i = 0; i < n_rest; i++)
        {
          g_autofree char *layer = NULL;

          if (!part_is_digits (rest[i]))
            continue;
          if (i == 0 || part_is_digits (rest[i - 1]))
            {
              last = i;
              continue;
            }
          layer = g_strconcat (rest[i - 1], ".", rest[i], NULL);
          add_tag (found, "layer", layer);
          add_joined (found, "module", rest, last + 1, i - 1);
          last = i;
        }
      if (last != n_rest - 1)
        add_joined (found, "module", rest, last + 1, n_rest);
    }
  for (guint i = 0; i < found->len; i++)
    g_ptr_array_add (tags, g_steal_pointer (&found->pdata[i]));
}
