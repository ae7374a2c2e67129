// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include "msvis-json-number.h"
#include "msvis-json-scanner.h"
#include "msvis-json-value.h"
#include "msvis-py-repr.h"
#include "msvis-reader-error.h"
#include "msvis-test-util.h"

static MsvisJsonScanner *
scanner_for (const char *text,
             gssize      length)
{
  g_autoptr(GInputStream) stream = NULL;

  if (length < 0)
    length = strlen (text);
  stream = g_memory_input_stream_new_from_data (g_memdup2 (text, length), length, g_free);
  return msvis_json_scanner_new (stream, "test.json", NULL);
}

/* Reads the whole document; returns the root value or NULL with @error set. */
static MsvisJsonValue *
parse (MsvisArena  *arena,
       const char  *text,
       gssize       length,
       GError     **error)
{
  g_autoptr(MsvisJsonScanner) scanner = scanner_for (text, length);
  MsvisJsonToken token;
  MsvisJsonValue *root;

  if (!msvis_json_scanner_next (scanner, &token, error))
    return NULL;
  root = msvis_json_value_read (arena, scanner, token, error);
  if (root == NULL || !msvis_json_scanner_next (scanner, &token, error))
    return NULL;
  g_assert_cmpint (token, ==, MSVIS_JSON_TOKEN_EOF);
  return root;
}

static void
test_tokens (void)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GError) error = NULL;
  MsvisJsonValue *v = parse (arena,
                             "{\"a\": [NaN, Infinity, -Infinity, -0, 1.5e3, 12345678901234567890,"
                             " true, false, null, \"x\\u4e2d\\ud83d\\ude00\\n\"], \"b\": {}}",
                             -1, &error);
  MsvisJsonValue *a, *root = v;

  g_assert_no_error (error);
  g_assert_cmpint (v->kind, ==, MSVIS_JSON_OBJECT);
  g_assert_cmpint (msvis_json_value_get_member (root, "b")->kind, ==, MSVIS_JSON_OBJECT);
  a = msvis_json_value_get_member (v, "a");
  g_assert_cmpuint (a->n, ==, 10);
  v = a->first;
  g_assert_true (isnan (v->f));
  v = v->next;
  g_assert_true (isinf (v->f) && v->f > 0);
  v = v->next;
  g_assert_true (isinf (v->f) && v->f < 0);
  v = v->next;
  g_assert_cmpint (v->kind, ==, MSVIS_JSON_INT);
  g_assert_cmpint (v->i, ==, 0);
  v = v->next;
  g_assert_cmpfloat (v->f, ==, 1500.0);
  v = v->next;
  g_assert_cmpint (v->kind, ==, MSVIS_JSON_BIGINT);
  g_assert_cmpstr (v->s, ==, "12345678901234567890");
  v = v->next->next->next->next;
  g_assert_cmpstr (v->s, ==, "x中😀\n");
}

static void
test_duplicate_keys (void)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) big = g_string_new ("{");
  MsvisJsonValue *v = parse (arena, "{\"a\": 1, \"b\": 2, \"a\": 3}", -1, &error);

  /* As a Python dict: the first place, the last value. */
  g_assert_no_error (error);
  g_assert_cmpuint (v->n, ==, 2);
  g_assert_cmpstr (v->first->key, ==, "a");
  g_assert_cmpint (v->first->i, ==, 3);

  for (int i = 0; i < 100; i++)
    g_string_append_printf (big, "\"k%d\": %d, ", i, i);
  g_string_append (big, "\"k5\": 500}");
  v = parse (arena, big->str, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (v->n, ==, 100);
  g_assert_cmpint (msvis_json_value_get_member (v, "k5")->i, ==, 500);
}

typedef struct
{
  const char *text;
  int         code;
  const char *message;
} BadCase;

static void
test_errors (void)
{
  static const BadCase cases[] = {
    { "{\"a\": [1, 2", MSVIS_READER_ERROR_TRUNCATED, "test.json, line 1 (byte 11)" },
    { "{\"a\"\n 1}", MSVIS_READER_ERROR_SYNTAX, "line 2 (byte 6): expected ':'" },
    { "[1 2]", MSVIS_READER_ERROR_SYNTAX, "byte 3" },
    { "{\"a\": tru}", MSVIS_READER_ERROR_SYNTAX, "expected a value" },
    { "[01]", MSVIS_READER_ERROR_SYNTAX, "invalid number" },
    { "[1.]", MSVIS_READER_ERROR_SYNTAX, "invalid number" },
    { "[\"a\tb\"]", MSVIS_READER_ERROR_SYNTAX, "control character" },
    { "[\"a\\qb\"]", MSVIS_READER_ERROR_SYNTAX, "invalid escape" },
    { "[\"a\\u12g4\"]", MSVIS_READER_ERROR_SYNTAX, "\\u escape" },
    { "[\"ab\xff\"]", MSVIS_READER_ERROR_ENCODING, "byte 4): a string is not valid UTF-8" },
    { "{} {}", MSVIS_READER_ERROR_SYNTAX, "extra data" },
    { "", MSVIS_READER_ERROR_SYNTAX, "empty" },
    { "[1,]", MSVIS_READER_ERROR_SYNTAX, "expected a value" },
    { "{\"a\": 1,}", MSVIS_READER_ERROR_SYNTAX, "member name" },
    { "\"abc", MSVIS_READER_ERROR_TRUNCATED, "ends in the middle" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MsvisArena) arena = msvis_arena_new ();
      g_autoptr(GError) error = NULL;

      g_assert_null (parse (arena, cases[i].text, -1, &error));
      g_assert_error (error, MSVIS_READER_ERROR, cases[i].code);
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: “%s” lacks “%s”", i, error->message, cases[i].message);
    }
}

static void
test_deep_nesting (void)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  for (int i = 0; i < 100000; i++)
    g_string_append_c (text, '[');
  g_assert_null (parse (arena, text->str, text->len, &error));
  g_assert_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_TOO_DEEP);
  g_assert_nonnull (strstr (error->message, "byte 512"));
}

/* Tokens that straddle the scanner's 1 MiB reads, and a string longer than the buffer. */
static void
test_buffer_boundaries (void)
{
  const gsize chunk = 1024 * 1024;

  for (gsize shift = 0; shift < 12; shift++)
    {
      g_autoptr(MsvisArena) arena = msvis_arena_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GString) text = g_string_new ("[");
      MsvisJsonValue *v;

      while (text->len < chunk - shift)
        g_string_append_c (text, ' ');
      g_string_append (text, "-Infinity, \"\\u4e2d\", 12345, \"");
      for (gsize i = 0; i < 3 * chunk; i++)
        g_string_append_c (text, 'a' + i % 26);
      g_string_append (text, "\"]");

      v = parse (arena, text->str, text->len, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (v->n, ==, 4);
      g_assert_true (isinf (v->first->f) && v->first->f < 0);
      g_assert_cmpstr (v->first->next->s, ==, "中");
      g_assert_cmpint (v->first->next->next->i, ==, 12345);
      g_assert_cmpuint (v->last->n, ==, 3 * chunk);
    }
}

static void
test_line_numbers_after_refill (void)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new ("[\n");

  for (int i = 0; i < 300000; i++)
    g_string_append (text, "12345678,\n");
  g_string_append (text, "oops]");
  g_assert_null (parse (arena, text->str, text->len, &error));
  g_assert_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "line 300002 (byte 3000002)"));
}

/* Read from a file, the lines are counted only for the message, by reading it again. */
static void
test_line_numbers_in_files (void)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new ("[\n");
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "long.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(MsvisJsonScanner) scanner = NULL;
  MsvisJsonToken token;

  for (int i = 0; i < 300000; i++)
    g_string_append (text, "12345678,\n");
  g_string_append (text, "oops]");
  msvis_test_write (dir, "long.json", text->str, text->len);

  scanner = msvis_json_scanner_new_for_file (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (msvis_json_scanner_next (scanner, &token, &error));
  g_assert_null (msvis_json_value_read (arena, scanner, token, &error));
  g_assert_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "long.json, line 300002 (byte 3000002)"));
  g_clear_error (&error);

  /* An entry's error, placed after the reading went on: the line is still found. */
  g_set_error_literal (&error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_SYNTAX, "bad");
  msvis_json_scanner_prefix_error (scanner, &error, 12);
  g_assert_cmpstr (strstr (error->message, "long.json"), ==, "long.json, line 3 (byte 12): bad");
  msvis_test_remove_tree (dir);
}

/* The scanner's own float conversion against strtod, on Python reprs and on longer forms. */
static void
test_floats_match_strtod (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(GString) text = g_string_new ("[");
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GError) error = NULL;
  MsvisJsonValue *v;
  guint i = 0;

  for (guint k = 0; k < 200000; k++)
    {
      double value = g_rand_double_range (rand, 1, 10) * pow (10, g_rand_int_range (rand, -40, 40));
      g_autoptr(GString) number = g_string_new (NULL);
      double parsed;

      switch (k % 4)
        {
        case 0: msvis_py_append_float_repr (number, value); break;
        case 1: g_string_printf (number, "%.17g", value); break;
        case 2: g_string_printf (number, "%.20e", value); break;
        default: g_string_printf (number, "%.7f", value); break;
        }
      if (strchr (number->str, '.') == NULL && strchr (number->str, 'e') == NULL)
        g_string_append (number, ".0");
      parsed = g_ascii_strtod (number->str, NULL);
      g_array_append_val (expected, parsed);
      g_string_append_printf (text, "%s%s", k ? ", " : "", number->str);
    }
  g_string_append_c (text, ']');

  v = parse (arena, text->str, text->len, &error);
  g_assert_no_error (error);
  msvis_json_value_foreach (element, v)
    {
      double want = g_array_index (expected, double, i++);

      if (element->f != want)
        g_error ("element %u: %.17g instead of %.17g", i - 1, element->f, want);
    }
}

/* The one-pass number path gives what the careful path (grammar check, then
 * parse_double or strtod, or strtoll) gives, or leaves the number to it. */
static void
check_number_scan (const char *text)
{
  gsize n = strlen (text);
  g_autofree char *padded = g_strconcat (text, ",", NULL);
  MsvisJsonNumber number;
  gboolean is_float;

  if (!msvis_json_number_scan ((const guchar *)padded, n + 1, &number))
    return;

  /* It answered: the number must be valid and read to its end, with the same value. */
  g_assert_cmpuint (number.length, ==, n);
  g_assert_true (msvis_json_number_is_valid ((const guchar *)text, n, &is_float));
  g_assert_cmpint (number.is_float, ==, is_float);
  if (is_float)
    {
      double want = g_ascii_strtod (text, NULL);

      if (memcmp (&number.double_value, &want, sizeof want) != 0)
        g_error ("“%s”: %.17g instead of %.17g", text, number.double_value, want);
    }
  else
    g_assert_cmpint (number.int_value, ==, g_ascii_strtoll (text, NULL, 10));

  /* Cut short, it gives up rather than guess where the number ends. */
  g_assert_false (msvis_json_number_scan ((const guchar *)text, n, &number));
}

static void
test_number_scan (void)
{
  static const char *fixed[] = {
    "0", "-0", "0.0", "-0.0", "1", "-1", "9", "10", "123456789012345678", "-12345678901234567",
    "-123456789012345678", "1234567890123456789", "12345678901234567890", "01", "-", "--1",
    "1.", ".5", "1.5", "-1.5", "1e5", "1E5", "1e+5", "1e-5", "1E-05", "1e", "1e+", "1.2.3",
    "1-2", "1e400", "1e-400", "0.000123", "5e-324", "1.7976931348623157e308",
    "2.2250738585072014e-308",
    "9007199254740993", "9007199254740993.0", "0.1", "0.30000000000000004", "1e27", "1e28",
    "1e-27", "1e-28", "12345678901234567890.5", "1234567890123456789.5", "00.5", "-01",
    "3.03125", "-0.0375388449837133", "801764.660023325", "0e0", "0E-0", "-0e+0",
    /* eight digits at a time, and where that stops */
    "12345678", "1234567812345678", "0.0000000012345678", "0.00000000000000000000000001",
    "12345678.87654321", "99999999999999999999", "1.00000000000000000001",
    "00000000.5", "123456789012.5e-3", "12345678901234567.5",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);

  static const char *common[] = { "0", "-1", "3.03125", "-0.0375388449837133", "1e-05",
                                  "801764.660023325", "123456789012345678", "-0.0" };
  MsvisJsonNumber scanned;

  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    check_number_scan (fixed[i]);
  /* The bytes either side of the digits end a run of eight. */
  g_assert_true (msvis_json_number_scan ((const guchar *)"1234567/9]", 10, &scanned));
  g_assert_cmpuint (scanned.length, ==, 7);
  g_assert_cmpint (scanned.int_value, ==, 1234567);
  g_assert_true (msvis_json_number_scan ((const guchar *)"0.1234567:9]", 12, &scanned));
  g_assert_cmpuint (scanned.length, ==, 9);
  g_assert_cmpfloat (scanned.double_value, ==, 0.1234567);
  /* The numbers a dump is made of take the one-pass path. */
  for (guint i = 0; i < G_N_ELEMENTS (common); i++)
    g_assert_true (msvis_json_number_scan ((const guchar *)common[i], strlen (common[i]) + 1,
                                           &scanned));

  for (guint k = 0; k < 300000; k++)
    {
      g_autoptr(GString) number = g_string_new (NULL);
      double value = g_rand_double_range (rand, 1, 10) * pow (10, g_rand_int_range (rand, -30, 30));

      if (g_rand_boolean (rand))
        value = -value;
      switch (k % 6)
        {
        case 0: msvis_py_append_float_repr (number, value); break;
        case 1: g_string_printf (number, "%.17g", value); break;
        case 2: g_string_printf (number, "%.*e", g_rand_int_range (rand, 0, 21), value); break;
        case 3: g_string_printf (number, "%.*f", g_rand_int_range (rand, 0, 12), value); break;
        case 4:
          {
            /* Integers of every length up to 19 digits, either sign. */
            guint64 bits = (guint64)g_rand_int (rand) << 32 | g_rand_int (rand);
            gint64 integer = (gint64)(bits >> g_rand_int_range (rand, 1, 64));

            g_string_printf (number, "%" G_GINT64_FORMAT,
                             g_rand_boolean (rand) ? integer : -integer);
          }
          break;
        default: g_string_printf (number, "%.*g", g_rand_int_range (rand, 1, 20), value); break;
        }
      check_number_scan (number->str);
    }
}

/* A random value whose strings hold brackets, quotes and backslashes in every position. */
static void
random_value (GString *out,
              GRand   *rand,
              guint    depth)
{
  static const char *pieces[] = { "[", "]", "{", "}", "\\\"", "\\\\", "x", " ", "层" };
  guint kind = depth > 3 ? 2 : g_rand_int_range (rand, 0, 3);

  if (kind == 2)
    {
      g_string_append_c (out, '"');
      for (guint i = g_rand_int_range (rand, 0, 40); i > 0; i--)
        g_string_append (out, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
      g_string_append_c (out, '"');
      return;
    }

  g_string_append_c (out, kind == 0 ? '[' : '{');
  for (guint i = g_rand_int_range (rand, 0, 5), first = TRUE; i > 0; i--, first = FALSE)
    {
      if (!first)
        g_string_append (out, ",\n                ");
      if (kind == 1)
        g_string_append_printf (out, "\"k%u\": ", i);
      random_value (out, rand, depth + 1);
    }
  g_string_append_c (out, kind == 0 ? ']' : '}');
}

/* skip_raw ends where skip_value ends, across refills, and the span it gives parses alone. */
static void
test_skip_raw (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(GString) text = g_string_new ("[");
  g_autoptr(MsvisJsonScanner) raw = NULL, full = NULL, span = NULL;
  g_autoptr(GError) error = NULL;
  MsvisJsonToken a, b;
  guint n = 0;

  while (text->len < 3 * 1024 * 1024)
    {
      if (n++ > 0)
        g_string_append (text, ", ");
      g_string_append (text, "[");
      random_value (text, rand, 0);
      g_string_append (text, "]");
    }
  g_string_append (text, "]");

  raw = scanner_for (text->str, text->len);
  full = scanner_for (text->str, text->len);
  span = msvis_json_scanner_new_for_spans ("span");
  g_assert_true (msvis_json_scanner_next (raw, &a, &error));
  g_assert_true (msvis_json_scanner_next (full, &b, &error));

  for (guint i = 0; i < n; i++)
    {
      guint64 start, end;

      g_assert_true (msvis_json_scanner_next (raw, &a, &error));
      g_assert_true (msvis_json_scanner_next (full, &b, &error));
      g_assert_cmpint (a, ==, MSVIS_JSON_TOKEN_BEGIN_ARRAY);
      g_assert_true (msvis_json_scanner_skip_raw (raw, a, &start, &end, &error));
      g_assert_no_error (error);
      g_assert_true (msvis_json_scanner_skip_value (full, b, &error));
      g_assert_cmpuint (end, ==, msvis_json_scanner_get_token_offset (full) + 1);

      msvis_json_scanner_set_span (span, text->str + start, end - start, start);
      g_assert_true (msvis_json_scanner_next (span, &a, &error));
      g_assert_true (msvis_json_scanner_skip_value (span, a, &error));
      g_assert_no_error (error);
      g_assert_true (msvis_json_scanner_next (span, &a, &error));
      g_assert_cmpint (a, ==, MSVIS_JSON_TOKEN_EOF);
    }
  g_assert_true (msvis_json_scanner_next (raw, &a, &error));
  g_assert_cmpint (a, ==, MSVIS_JSON_TOKEN_END_ARRAY);

  /* Unbalanced: the end of the input is an error, not a crash. */
  g_clear_pointer (&raw, msvis_json_scanner_free);
  raw = scanner_for ("[\"]\\\"]\", [", -1);
  g_assert_true (msvis_json_scanner_next (raw, &a, &error));
  g_assert_true (msvis_json_scanner_next (raw, &a, &error));
  g_assert_false (msvis_json_scanner_skip_raw (raw, MSVIS_JSON_TOKEN_BEGIN_ARRAY, &(guint64){0},
                                               &(guint64){0}, &error));
  g_assert_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_TRUNCATED);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/json-scanner/tokens", test_tokens);
  g_test_add_func ("/json-scanner/duplicate-keys", test_duplicate_keys);
  g_test_add_func ("/json-scanner/errors", test_errors);
  g_test_add_func ("/json-scanner/deep-nesting", test_deep_nesting);
  g_test_add_func ("/json-scanner/buffer-boundaries", test_buffer_boundaries);
  g_test_add_func ("/json-scanner/line-numbers", test_line_numbers_after_refill);
  g_test_add_func ("/json-scanner/line-numbers-in-files", test_line_numbers_in_files);
  g_test_add_func ("/json-scanner/floats-match-strtod", test_floats_match_strtod);
  g_test_add_func ("/json-scanner/skip-raw", test_skip_raw);
  g_test_add_func ("/json-scanner/number-scan", test_number_scan);

  return g_test_run ();
}
