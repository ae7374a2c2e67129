// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-py-repr.h"
#include "msvis-visdb-diff.h"

/* The canonical dump of visdb-diff.py (version "visdb-canonical 1"), line for line. */

static const char *const node_json[] = { "sub_nodes", "matched_node_link", "parallel_merge_info",
                                         "matched_distributed", "input_data", "output_data",
                                         NULL };
static const char *const config_json[] = { "tool_tip", "node_colors", "rank_list", "step_list",
                                           NULL };
static const char *const stack_json[] = { "stack_info", NULL };

/* json.dumps() of one code point, ensure_ascii. */
static void
dump_code_point (GString  *out,
                 gunichar  c)
{
  switch (c)
    {
    case '"': g_string_append (out, "\\\""); return;
    case '\\': g_string_append (out, "\\\\"); return;
    case '\n': g_string_append (out, "\\n"); return;
    case '\r': g_string_append (out, "\\r"); return;
    case '\t': g_string_append (out, "\\t"); return;
    case '\b': g_string_append (out, "\\b"); return;
    case '\f': g_string_append (out, "\\f"); return;
    default: break;
    }
  if (c >= 0x20 && c < 0x7f)
    g_string_append_c (out, (char)c);
  else if (c >= 0x10000)
    g_string_append_printf (out, "\\u%04x\\u%04x", 0xd800 | ((c - 0x10000) >> 10),
                            0xdc00 | ((c - 0x10000) & 0x3ff));
  else
    g_string_append_printf (out, "\\u%04x", c);
}

/* json.dumps() of a str held as UTF-8 (a byte that is not UTF-8 counts as one code point,
 * as surrogateescape would keep it apart). */
static void
dump_string (GString    *out,
             const char *text,
             gsize       length)
{
  const char *p = text, *end = text + length;

  g_string_append_c (out, '"');
  while (p < end)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar)-1 || c == (gunichar)-2)
        {
          g_string_append_printf (out, "\\udc%02x", (guchar)*p);
          p++;
          continue;
        }
      dump_code_point (out, c);
      p = g_utf8_next_char (p);
    }
  g_string_append_c (out, '"');
}

static void
skip_ws (const char **p,
         const char  *end)
{
  while (*p < end && (**p == ' ' || **p == '\t' || **p == '\n' || **p == '\r'))
    (*p)++;
}

static gboolean canon_value (const char **p, const char *end, GString *out, guint depth);

/* A JSON string token, decoded, then dumped again. */
static gboolean
canon_string (const char **p,
              const char  *end,
              GString     *out)
{
  const char *q = *p + 1;

  g_string_append_c (out, '"');
  while (q < end && *q != '"')
    {
      if ((guchar)*q < 0x20)
        return FALSE;   /* json.loads is strict about control characters */
      if (*q != '\\')
        {
          gunichar c = g_utf8_get_char_validated (q, end - q);

          if (c == (gunichar)-1 || c == (gunichar)-2)
            {
              g_string_append_printf (out, "\\udc%02x", (guchar)*q);
              q++;
              continue;
            }
          dump_code_point (out, c);
          q = g_utf8_next_char (q);
          continue;
        }
      if (++q >= end)
        return FALSE;
      switch (*q)
        {
        case '"': case '\\': case '/': dump_code_point (out, (guchar)*q); q++; break;
        case 'b': dump_code_point (out, '\b'); q++; break;
        case 'f': dump_code_point (out, '\f'); q++; break;
        case 'n': dump_code_point (out, '\n'); q++; break;
        case 'r': dump_code_point (out, '\r'); q++; break;
        case 't': dump_code_point (out, '\t'); q++; break;
        case 'u':
          {
            char hex[5] = { 0 };
            guint64 v;

            if (end - q < 5)
              return FALSE;
            memcpy (hex, q + 1, 4);
            if (!g_ascii_isxdigit (hex[0]) || !g_ascii_isxdigit (hex[1]) ||
                !g_ascii_isxdigit (hex[2]) || !g_ascii_isxdigit (hex[3]))
              return FALSE;
            v = g_ascii_strtoull (hex, NULL, 16);
            q += 5;
            /* A pair makes one code point; a lone surrogate stays itself. */
            if (v >= 0xd800 && v < 0xdc00 && end - q >= 6 && q[0] == '\\' && q[1] == 'u')
              {
                char low_hex[5] = { 0 };
                guint64 low;

                memcpy (low_hex, q + 2, 4);
                low = g_ascii_strtoull (low_hex, NULL, 16);
                if (low >= 0xdc00 && low < 0xe000)
                  {
                    dump_code_point (out, 0x10000 + ((v - 0xd800) << 10) + (low - 0xdc00));
                    q += 6;
                    break;
                  }
              }
            if (v >= 0xd800 && v < 0xe000)
              g_string_append_printf (out, "\\u%04x", (guint)v);
            else
              dump_code_point (out, (gunichar)v);
            break;
          }
        default:
          return FALSE;
        }
    }
  if (q >= end)
    return FALSE;
  g_string_append_c (out, '"');
  *p = q + 1;
  return TRUE;
}

static gboolean
canon_literal (const char **p,
               const char  *end,
               GString     *out)
{
  static const char *const words[] = { "true", "false", "null", "NaN", "Infinity", "-Infinity" };
  const char *q = *p;

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if ((gsize)(end - q) >= strlen (words[i]) && strncmp (q, words[i], strlen (words[i])) == 0)
      {
        g_string_append (out, words[i]);
        *p = q + strlen (words[i]);
        return TRUE;
      }
  /* A number, kept as its text (JSON's grammar: -?int frac? exp?). */
  if (q < end && *q == '-')
    q++;
  if (q >= end || !g_ascii_isdigit (*q))
    return FALSE;
  if (*q == '0')
    q++;
  else
    while (q < end && g_ascii_isdigit (*q))
      q++;
  if (q < end && *q == '.')
    {
      if (++q >= end || !g_ascii_isdigit (*q))
        return FALSE;
      while (q < end && g_ascii_isdigit (*q))
        q++;
    }
  if (q < end && (*q == 'e' || *q == 'E'))
    {
      q++;
      if (q < end && (*q == '+' || *q == '-'))
        q++;
      if (q >= end || !g_ascii_isdigit (*q))
        return FALSE;
      while (q < end && g_ascii_isdigit (*q))
        q++;
    }
  g_string_append_len (out, *p, q - *p);
  *p = q;
  return TRUE;
}

static gboolean
canon_container (const char **p,
                 const char  *end,
                 GString     *out,
                 guint        depth)
{
  gboolean object = **p == '{';
  char close = object ? '}' : ']';
  gboolean first = TRUE;

  g_string_append_c (out, **p);
  (*p)++;
  skip_ws (p, end);
  if (*p < end && **p == close)
    {
      g_string_append_c (out, close);
      (*p)++;
      return TRUE;
    }
  for (;;)
    {
      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      skip_ws (p, end);
      if (object)
        {
          if (*p >= end || **p != '"' || !canon_string (p, end, out))
            return FALSE;
          skip_ws (p, end);
          if (*p >= end || **p != ':')
            return FALSE;
          (*p)++;
          g_string_append_c (out, ':');
        }
      if (!canon_value (p, end, out, depth + 1))
        return FALSE;
      skip_ws (p, end);
      if (*p < end && **p == ',')
        {
          (*p)++;
          continue;
        }
      if (*p < end && **p == close)
        {
          g_string_append_c (out, close);
          (*p)++;
          return TRUE;
        }
      return FALSE;
    }
}

static gboolean
canon_value (const char **p,
             const char  *end,
             GString     *out,
             guint        depth)
{
  skip_ws (p, end);
  if (*p >= end || depth > 1000)
    return FALSE;
  if (**p == '{' || **p == '[')
    return canon_container (p, end, out, depth);
  if (**p == '"')
    return canon_string (p, end, out);
  return canon_literal (p, end, out);
}

/* @strips: pairs of a prefix and what replaces it, longest prefix first. */
static char *
strip_text (const char        *text,
            const char *const *strips)
{
  char *s = g_strdup (text);

  for (guint i = 0; strips != NULL && strips[i] != NULL && strips[i + 1] != NULL; i += 2)
    if (strips[i][0] != '\0' && strstr (s, strips[i]) != NULL)
      {
        g_auto(GStrv) parts = g_strsplit (s, strips[i], -1);

        g_free (s);
        s = g_strjoinv (strips[i + 1], parts);
      }
  return s;
}

/* canon_cell(cell()) of one value. */
static void
canon_cell (sqlite3_stmt      *stmt,
            int                column,
            gboolean           is_json,
            const char *const *strips,
            GString           *out,
            char               kind_out[1],
            GString           *text_out)
{
  g_autofree char *s = NULL;
  g_autoptr(GString) json = NULL;
  const char *q;

  g_string_truncate (text_out, 0);
  switch (sqlite3_column_type (stmt, column))
    {
    case SQLITE_NULL:
      kind_out[0] = 'N';
      g_string_append (out, "N");
      return;
    case SQLITE_INTEGER:
      kind_out[0] = 'I';
      g_string_append_printf (text_out, "%" G_GINT64_FORMAT,
                              (gint64)sqlite3_column_int64 (stmt, column));
      g_string_append_printf (out, "I:%s", text_out->str);
      return;
    case SQLITE_FLOAT:
      kind_out[0] = 'R';
      msvis_py_append_float_repr (text_out, sqlite3_column_double (stmt, column));
      g_string_append_printf (out, "R:%s", text_out->str);
      return;
    case SQLITE_BLOB:
      {
        const guchar *b = sqlite3_column_blob (stmt, column);

        kind_out[0] = 'B';
        for (int i = 0; i < sqlite3_column_bytes (stmt, column); i++)
          g_string_append_printf (text_out, "%02x", b[i]);
        g_string_append_printf (out, "B:%s", text_out->str);
        return;
      }
    default:
      break;
    }

  s = strip_text ((const char *)sqlite3_column_text (stmt, column), strips);
  g_string_assign (text_out, s);
  q = s;
  skip_ws (&q, s + strlen (s));
  if (is_json && (*q == '{' || *q == '[' || *q == '"'))
    {
      const char *p = s, *end = s + strlen (s);

      json = g_string_new (NULL);
      if (canon_value (&p, end, json, 0) && (skip_ws (&p, end), p == end))
        {
          kind_out[0] = 'J';
          g_string_append_printf (out, "J:%s", json->str);
          return;
        }
    }
  kind_out[0] = 'T';
  g_string_append (out, "T:");
  dump_string (out, s, strlen (s));
}

static gboolean
in_list (const char        *name,
         const char *const *list)
{
  for (guint i = 0; list != NULL && list[i] != NULL; i++)
    if (strcmp (list[i], name) == 0)
      return TRUE;
  return FALSE;
}


/* The file as SQLite reads it: a -wal with content is replayed in a private copy, so that the
 * reference files, which msprobe left with their -wal, are read as msprobe's last reader
 * would, and nothing is written beside them. */
static sqlite3 *
open_db (const char  *path,
         char       **tmp_dir,
         GError     **error)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *uri = NULL;
  GStatBuf st;
  sqlite3 *db = NULL;

  *tmp_dir = NULL;
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "no such file: %s", path);
      return NULL;
    }
  if (g_stat (wal, &st) == 0 && st.st_size > 0)
    {
      g_autofree char *contents = NULL, *copy = NULL, *copy_wal = NULL;
      gsize length;

      *tmp_dir = g_dir_make_tmp ("visdb-diff-XXXXXX", error);
      if (*tmp_dir == NULL)
        return NULL;
      copy = g_build_filename (*tmp_dir, "x.vis.db", NULL);
      copy_wal = g_strconcat (copy, "-wal", NULL);
      if (!g_file_get_contents (path, &contents, &length, error) ||
          !g_file_set_contents (copy, contents, length, error))
        return NULL;
      g_clear_pointer (&contents, g_free);
      if (!g_file_get_contents (wal, &contents, &length, error) ||
          !g_file_set_contents (copy_wal, contents, length, error))
        return NULL;
      if (sqlite3_open (copy, &db) != SQLITE_OK)
        goto fail;
      return db;
    }
  uri = g_strdup_printf ("file:%s?mode=ro&immutable=1", path);
  if (sqlite3_open_v2 (uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) == SQLITE_OK)
    return db;
fail:
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: %s", path,
               db ? sqlite3_errmsg (db) : "cannot open");
  sqlite3_close (db);
  return NULL;
}

static GPtrArray *
query_strings (sqlite3    *db,
               const char *sql,
               int         column)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) == SQLITE_OK)
    while (sqlite3_step (stmt) == SQLITE_ROW)
      g_ptr_array_add (out, g_strdup ((const char *)sqlite3_column_text (stmt, column)));
  sqlite3_finalize (stmt);
  return out;
}

static GPtrArray *
columns_of (sqlite3    *db,
            const char *table)
{
  g_autofree char *sql = g_strdup_printf ("PRAGMA table_info(\"%s\")", table);

  return query_strings (db, sql, 1);
}

static const char *const *
json_columns (const char *table)
{
  if (strcmp (table, "tb_nodes") == 0)
    return node_json;
  if (strcmp (table, "tb_config") == 0)
    return config_json;
  if (strcmp (table, "tb_stack") == 0)
    return stack_json;
  return NULL;
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

typedef struct
{
  GHashTable *stacks;   /* stack id text -> canonical stack_info cell */
  GHashTable *users;    /* stack id text -> GHashTable of graph ids */
} Stacks;

/* Every row of @table as canonical cells; @stacks (nullable) resolves tb_nodes.stack_id. */
static void
table_rows (sqlite3           *db,
            const char        *table,
            GPtrArray         *cols,
            const char *const *strips,
            Stacks            *stacks,
            GFunc              each)
{
  g_autoptr(GString) sql = g_string_new ("SELECT ");
  g_autoptr(GString) text = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;
  const char *const *jcols = json_columns (table);

  for (guint i = 0; i < cols->len; i++)
    g_string_append_printf (sql, "%s\"%s\"", i ? ", " : "", (char *)g_ptr_array_index (cols, i));
  g_string_append_printf (sql, " FROM \"%s\"", table);
  if (sqlite3_prepare_v2 (db, sql->str, -1, &stmt, NULL) != SQLITE_OK)
    return;
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
      GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; i < cols->len; i++)
        {
          const char *name = g_ptr_array_index (cols, i);
          GString *cell = g_string_new (NULL);
          char kind;

          canon_cell (stmt, i, in_list (name, jcols), strips, cell, &kind, text);
          if (stacks != NULL && strcmp (name, "stack_id") == 0 && kind != 'N')
            {
              const char *resolved = g_hash_table_lookup (stacks->stacks, text->str);

              g_string_truncate (cell, 0);
              if (resolved != NULL)
                g_string_append_printf (cell, "S:%s", resolved);
              else
                {
                  g_string_append (cell, "U:");
                  dump_string (cell, text->str, text->len);
                }
            }
          g_ptr_array_add (cells, g_string_free (cell, FALSE));
          g_ptr_array_add (texts, kind == 'N' ? NULL : g_strdup (text->str));
        }
      each (cells, texts);
      g_ptr_array_unref (cells);
      g_ptr_array_unref (texts);
    }
  sqlite3_finalize (stmt);
}

typedef struct
{
  GPtrArray   *cols;
  GPtrArray   *lines;    /* "key\x01line" */
  const char  *table;
  Stacks      *stacks;
  int          id_col;
} Collect;

static Collect *current;

static void
collect_row (gpointer cells_p,
             gpointer texts_p)
{
  GPtrArray *cells = cells_p, *texts = texts_p;
  g_autoptr(GString) line = g_string_new (NULL);

  if (current->stacks != NULL && strcmp (current->table, "tb_stack") == 0)
    {
      /* id text -> canonical stack_info (the last row of an id wins, as in a dict) */
      int info = -1;

      for (guint i = 0; i < current->cols->len; i++)
        if (strcmp (g_ptr_array_index (current->cols, i), "stack_info") == 0)
          info = i;
      if (current->id_col >= 0 && info >= 0 && g_ptr_array_index (texts, current->id_col))
        g_hash_table_replace (current->stacks->stacks,
                              g_strdup (g_ptr_array_index (texts, current->id_col)),
                              g_strdup (g_ptr_array_index (cells, info)));
      return;
    }
  if (current->stacks != NULL && strcmp (current->table, "stack-users") == 0)
    {
      const char *sid = g_ptr_array_index (texts, 0), *graph = g_ptr_array_index (texts, 1);
      GHashTable *set;

      if (sid == NULL)
        return;
      set = g_hash_table_lookup (current->stacks->users, sid);
      if (set == NULL)
        {
          set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          g_hash_table_insert (current->stacks->users, g_strdup (sid), set);
        }
      g_hash_table_add (set, g_strdup (graph ? graph : ""));
      return;
    }

  g_string_append_printf (line, "row\t%s", current->table);
  for (guint i = 0; i < cells->len; i++)
    g_string_append_printf (line, "\t%s", (char *)g_ptr_array_index (cells, i));
  g_ptr_array_add (current->lines,
                   g_strdup_printf ("%s\x01%s", current->id_col >= 0
                                      ? (char *)g_ptr_array_index (cells, current->id_col) : "",
                                    line->str));
}

static int
index_of (GPtrArray  *cols,
          const char *name)
{
  for (guint i = 0; i < cols->len; i++)
    if (strcmp (g_ptr_array_index (cols, i), name) == 0)
      return i;
  return -1;
}

static void
read_stacks (sqlite3           *db,
             GPtrArray         *tables,
             const char *const *strips,
             Stacks            *stacks)
{
  Collect c = { 0 };

  c.stacks = stacks;
  current = &c;
  for (guint t = 0; t < tables->len; t++)
    {
      const char *table = g_ptr_array_index (tables, t);
      g_autoptr(GPtrArray) cols = columns_of (db, table);

      if (strcmp (table, "tb_stack") == 0 && index_of (cols, "id") >= 0 &&
          index_of (cols, "stack_info") >= 0)
        {
          c.cols = cols, c.table = "tb_stack", c.id_col = index_of (cols, "id");
          table_rows (db, table, cols, strips, NULL, collect_row);
        }
      if (strcmp (table, "tb_nodes") == 0 && index_of (cols, "stack_id") >= 0 &&
          index_of (cols, "graph_id") >= 0)
        {
          g_autoptr(GPtrArray) two = g_ptr_array_new ();

          g_ptr_array_add (two, "stack_id");
          g_ptr_array_add (two, "graph_id");
          c.cols = two, c.table = "stack-users", c.id_col = -1;
          table_rows (db, table, two, strips, NULL, collect_row);
        }
    }
  current = NULL;
}

static void
stack_lines (Stacks    *stacks,
             GPtrArray *lines)
{
  GHashTableIter iter;
  gpointer key, value;
  guint first = lines->len;

  g_hash_table_iter_init (&iter, stacks->stacks);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GHashTable *set = g_hash_table_lookup (stacks->users, key);
      g_autofree gpointer *names = NULL;
      guint n = 0;
      g_autoptr(GString) graphs = g_string_new (NULL);
      g_autoptr(GString) line = g_string_new ("stack\t");

      if (set != NULL)
        {
          names = g_hash_table_get_keys_as_array (set, &n);
          qsort (names, n, sizeof (gpointer), compare_lines);
        }
      for (guint i = 0; i < n; i++)
        g_string_append_printf (graphs, "%s%s", i ? "," : "", (char *)names[i]);
      dump_string (line, graphs->str, graphs->len);
      g_string_append_printf (line, "\t%s", (char *)value);
      g_ptr_array_add (lines, g_string_free (g_steal_pointer (&line), FALSE));
    }
  qsort (lines->pdata + first, lines->len - first, sizeof (gpointer), compare_lines);
}

/* "schema\ttype\tname\ttbl_name\tjson.dumps(sql)", by type and name. */
static void
schema_lines (sqlite3   *db,
              GPtrArray *lines)
{
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v2 (db, "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type "
                          "IN ('table','index','view','trigger') ORDER BY type, name", -1, &stmt,
                          NULL) == SQLITE_OK)
    while (sqlite3_step (stmt) == SQLITE_ROW)
      {
        GString *line = g_string_new (NULL);
        const char *sql = (const char *)sqlite3_column_text (stmt, 3);

        g_string_printf (line, "schema\t%s\t%s\t%s\t", sqlite3_column_text (stmt, 0),
                         sqlite3_column_text (stmt, 1), sqlite3_column_text (stmt, 2));
        if (sql != NULL)
          dump_string (line, sql, strlen (sql));
        else
          g_string_append (line, "null");
        g_ptr_array_add (lines, g_string_free (line, FALSE));
      }
  sqlite3_finalize (stmt);
}

/**
 * msvis_visdb_canonical:
 * @strips: (nullable) (array zero-terminated=1): pairs of a path prefix and its replacement
 *   (visdb-diff.py --strip P is the pair P, "<STRIP>")
 *
 * Returns: (transfer full) (element-type utf8): the lines of visdb-diff.py's canonical dump
 */
GPtrArray *
msvis_visdb_canonical (const char         *path,
                       const char *const  *strips,
                       GError            **error)
{
  g_autofree char *tmp_dir = NULL;
  sqlite3 *db = open_db (path, &tmp_dir, error);
  GPtrArray *lines;
  g_autoptr(GPtrArray) tables = NULL;
  g_auto(GStrv) sorted_strips = NULL;
  Stacks stacks;
  guint n_strips = strips ? g_strv_length ((char **)strips) : 0;

  if (db == NULL)
    {
      if (tmp_dir != NULL)
        msvis_visdb_remove_dir (tmp_dir);
      return NULL;
    }
  sorted_strips = msvis_visdb_sort_strips (strips, n_strips);
  strips = (const char *const *)sorted_strips;

  lines = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (lines, g_strdup ("visdb-canonical 1"));
  schema_lines (db, lines);

  tables = query_strings (db, "SELECT name FROM sqlite_master WHERE type='table' AND name NOT "
                          "LIKE 'sqlite_%' ORDER BY name", 0);
  stacks.stacks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  stacks.users = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify)g_hash_table_unref);
  read_stacks (db, tables, strips, &stacks);

  for (guint t = 0; t < tables->len; t++)
    {
      const char *table = g_ptr_array_index (tables, t);
      g_autoptr(GPtrArray) cols = columns_of (db, table);
      g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
      GString *line = g_string_new (NULL);
      Collect c = { cols, rows, table, NULL, index_of (cols, "id") };

      g_string_printf (line, "columns\t%s\t[", table);
      for (guint i = 0; i < cols->len; i++)
        {
          const char *col = g_ptr_array_index (cols, i);

          if (i > 0)
            g_string_append (line, ", ");
          dump_string (line, col, strlen (col));
        }
      g_string_append_c (line, ']');
      g_ptr_array_add (lines, g_string_free (line, FALSE));

      if (strcmp (table, "tb_stack") == 0)
        stack_lines (&stacks, rows);
      else
        {
          current = &c;
          table_rows (db, table, cols, strips, strcmp (table, "tb_nodes") == 0 ? &stacks : NULL,
                      collect_row);
          current = NULL;
          qsort (rows->pdata, rows->len, sizeof (gpointer), compare_lines);
          for (guint i = 0; i < rows->len; i++)
            {
              char *row = g_ptr_array_index (rows, i);

              memmove (row, strchr (row, '\x01') + 1, strlen (strchr (row, '\x01') + 1) + 1);
            }
        }
      g_ptr_array_add (lines, g_strdup_printf ("count\t%s\t%u", table, rows->len));
      for (guint i = 0; i < rows->len; i++)
        g_ptr_array_add (lines, g_strdup (g_ptr_array_index (rows, i)));
    }

  g_hash_table_unref (stacks.stacks);
  g_hash_table_unref (stacks.users);
  sqlite3_close (db);
  if (tmp_dir != NULL)
    msvis_visdb_remove_dir (tmp_dir);
  return lines;
}
