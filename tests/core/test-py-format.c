// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include <stdio.h>

#include "msvis-json-writer.h"
#include "msvis-number-format.h"
#include "msvis-py-repr.h"
#include "msvis-vis-writer.h"

/* Python's repr(float), checked against values whose repr is known. */
static void
test_float_repr (void)
{
  static const struct { double value; const char *repr; } cases[] = {
    { 0.0, "0.0" }, { -0.0, "-0.0" }, { 1.0, "1.0" }, { 0.1, "0.1" }, { 1e16, "1e+16" },
    { 1.5e16, "1.5e+16" }, { 9999999999999998.0, "9999999999999998.0" }, { 1e-05, "1e-05" },
    { 0.0001, "0.0001" }, { 123456789.123456789, "123456789.12345679" },
    { 3.3895313892515355e38, "3.3895313892515355e+38" }, { 2.433814, "2.433814" },
    { 0.2307691985903016, "0.2307691985903016" }, { 5e-324, "5e-324" },
    { 1.7976931348623157e308, "1.7976931348623157e+308" }, { 100.0, "100.0" },
    { 1e22, "1e+22" }, { 0.3, "0.3" }, { 2.0 / 3.0, "0.6666666666666666" },
    /* Rounding the 17 digits again: ties (9.5), carries (0.95 is 0.9499…96), exponents. */
    { 9.5, "9.5" }, { 0.95, "0.95" }, { 2.5, "2.5" }, { 1e23, "1e+23" },
    { 9.999999999999997e22, "9.999999999999997e+22" }, { 155.03393652523727, "155.03393652523727" },
    { 0.009999999999999998, "0.009999999999999998" }, { 999999999999999.9, "999999999999999.9" },
    /* 2^-24, the smallest float16: 16 digits rounded up read back (the neighbour below is half
     * as far), the correctly rounded ...062 does not; the printf version printed 17 digits. */
    { 5.9604644775390625e-08, "5.960464477539063e-08" }, { 0x1p-1017, "7.120236347223045e-307" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) s = g_string_new (NULL);

      msvis_py_append_float_repr (s, cases[i].value);
      g_assert_cmpstr (s->str, ==, cases[i].repr);
    }
}

/* repr(float) of the values a shortest-digits algorithm gets wrong first (the extremes,
 * subnormals, every power of two, powers of ten and their neighbours, integers around 2^53,
 * exact halves between two candidates, decimals of 1 to 17 digits over every exponent), each
 * with what Python printed: tests/data/float-repr.txt, made by tools/gen-float-repr-cases.py. */
static void
test_float_repr_data (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "float-repr.txt", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) repr = g_string_new (NULL);
  guint checked = 0, wrong = 0;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *end = NULL;
      guint64 bits;
      double value;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      bits = g_ascii_strtoull (lines[i], &end, 16);
      g_assert_true (end == lines[i] + 16 && *end == ' ');
      memcpy (&value, &bits, sizeof value);
      g_string_truncate (repr, 0);
      msvis_py_append_float_repr (repr, value);
      if (strcmp (repr->str, end + 1) != 0 && wrong++ < 20)
        g_test_message ("%016" G_GINT64_MODIFIER "x: Python %s, msvis %s", bits, end + 1,
                        repr->str);
      checked++;
    }
  g_assert_cmpuint (wrong, ==, 0);
  g_assert_cmpuint (checked, >=, 5000);
}

static guint64
xorshift (guint64 *state)
{
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

/* A value of one of the kinds repr meets: decimals of 1 to 17 digits with exponents on both
 * sides of 10^±22 (the fast path's edge), integers around 2^53, floats of float32 tensors,
 * powers of ten, subnormals and any bits at all. */
static double
random_repr_case (guint64 *state,
                  guint    kind)
{
  guint64 r = xorshift (state);
  int e = (int)(xorshift (state) % 64) - 40;
  double v;

  switch (kind % 7)
    {
    case 0: memcpy (&v, &r, sizeof v); break;
    case 1: v = (double)(r % G_GUINT64_CONSTANT (1000000000000000)) * pow (10, e); break;
    case 2: v = (double)(r % (guint64)pow (10, 1 + e % 17 + (e < 0 ? 16 : 0))) / pow (10, e + 40);
            break;
    case 3: v = (float)((double)r / 18446744073709551616.0 * pow (10, e / 3)); break;
    case 4: v = pow (10, (int)(r % 640) - 330); break;
    case 5: v = (double)(r % G_GUINT64_CONSTANT (20000000000000000)); break;
    default: r %= G_GUINT64_CONSTANT (0x10000000000000); memcpy (&v, &r, sizeof v); break;
    }
  return xorshift (state) & 1 ? -v : v;
}

/* The significant digits of a printed number, without leading and trailing zeros. */
static char *
significant_digits (const char *text)
{
  GString *digits = g_string_new (NULL);

  for (const char *p = text; *p != '\0' && *p != 'e'; p++)
    if (g_ascii_isdigit (*p) && (digits->len > 0 || *p != '0'))
      g_string_append_c (digits, *p);
  while (digits->len > 1 && digits->str[digits->len - 1] == '0')
    g_string_truncate (digits, digits->len - 1);
  return g_string_free (digits, FALSE);
}

static char *
print_digits (double value,
              int    n)
{
  char format[16], text[64];

  g_snprintf (format, sizeof format, "%%.%de", n - 1);
  g_ascii_formatd (text, sizeof text, format, value);
  return g_strdup (text);
}

/* repr(x) is the fewest significant digits that read back as x, which is their correctly rounded
 * printing but at a power of two, whose neighbour below is half as far: there the next one up
 * can read back when the rounded one does not (float-repr-data has those). Checked with printf
 * and strtod on half a million values. */
static void
test_float_repr_shortest (void)
{
  guint64 state = G_GUINT64_CONSTANT (88172645463325252);

  for (guint i = 0; i < 500000; i++)
    {
      double value = random_repr_case (&state, i);
      g_autoptr(GString) repr = g_string_new (NULL);
      g_autofree char *digits = NULL;
      g_autofree char *rounded = NULL;
      g_autofree char *rounded_digits = NULL;
      int n, e;

      if (!isfinite (value) || value == 0)
        continue;
      msvis_py_append_float_repr (repr, value);
      if (g_ascii_strtod (repr->str, NULL) != value)
        g_error ("%.17g: repr %s does not read back", value, repr->str);
      digits = significant_digits (repr->str);
      n = (int)strlen (digits);
      rounded = print_digits (fabs (value), n);
      rounded_digits = significant_digits (rounded);
      if (strcmp (digits, rounded_digits) != 0 && fabs (frexp (value, &e)) != 0.5)
        g_error ("%.17g: repr %s, but %d digits round to %s", value, repr->str, n, rounded);
      if (n > 1)
        {
          g_autofree char *shorter = print_digits (fabs (value), n - 1);

          if (g_ascii_strtod (shorter, NULL) == fabs (value))
            g_error ("%.17g: repr %s, but %s reads back too", value, repr->str, shorter);
        }
    }
}

static char *
format_float (double value)
{
  MsvisField field = { .kind = MSVIS_VALUE_FLOAT, .f = value };
  GString *s = g_string_new (NULL);

  msvis_vis_format_value (s, &field);
  return g_string_free (s, FALSE);
}

static char *
format_str (const char *value)
{
  MsvisField field = { .kind = MSVIS_VALUE_STR, .s = value };
  GString *s = g_string_new (NULL);

  msvis_vis_format_value (s, &field);
  return g_string_free (s, FALSE);
}

/* vis-format.md §5.5, and msprobe's test_msprobe_adapter cases. */
static void
test_format_data (void)
{
  static const struct { double value; const char *text; } floats[] = {
    { 0.1234565, "0.123456" }, { 1e16, "1.000000e+16" }, { -0.0, "-0.0" },
    { 1e-5, "1.000000e-05" }, { 0.0001, "0.0001" }, { 123456789.123456789, "123456789.123457" },
    { 3.3895313892515355e38, "3.389531e+38" }, { 0.00012345678, "0.000123" },
    { 99999999999999.99, "99999999999999.98" }, { 0.123456789, "0.123457" },
    { 1.123123123123e-11, "1.123123e-11" }, { 1.0000005, "1.000001" }, { 2.0, "2.0" },
    { -1.98984, "-1.98984" }, { 3.767829156231528e-06, "3.767829e-06" },
    { 1e15 + 0.3, "1000000000000000.2" }, { 4.5e9, "4500000000.0" },
  };
  static const struct { const char *value; const char *text; } strings[] = {
    { "NoneType", "nullType" }, { "'x'", "x" }, { "12.3456789%", "12.345679%" },
    { "-0.123456789", "-0.123456789" }, { "<class 'str'>", "<class str>" },
    { "0.123456789%", "0.123457%" }, { "0.12345678", "0.123457" }, { "-1", "-1" },
    { "0.0.25698548%", "0.0.25698548%" }, { "0.1234567", "0.123457" }, { "0.123456", "0.123456" },
    { "None", "null" }, { "1e-05", "1e-05" },
  };
  g_autoptr(GString) s = g_string_new (NULL);
  MsvisField field = { .kind = MSVIS_VALUE_INT, .i = -1 };

  for (guint i = 0; i < G_N_ELEMENTS (floats); i++)
    {
      g_autofree char *text = format_float (floats[i].value);

      g_assert_cmpstr (text, ==, floats[i].text);
    }
  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    {
      g_autofree char *text = format_str (strings[i].value);

      g_assert_cmpstr (text, ==, strings[i].text);
    }

  {
    g_autofree char *nan = format_float (NAN), *inf = format_float (INFINITY);
    g_autofree char *ninf = format_float (-INFINITY);

    g_assert_cmpstr (nan, ==, "nan");
    g_assert_cmpstr (inf, ==, "inf");
    g_assert_cmpstr (ninf, ==, "-inf");
  }

  msvis_vis_format_value (s, &field);
  g_assert_cmpstr (s->str, ==, "-1");
  g_string_truncate (s, 0);
  field.kind = MSVIS_VALUE_NONE;
  msvis_vis_format_value (s, &field);
  g_assert_cmpstr (s->str, ==, "null");
}

static void
test_round6 (void)
{
  g_assert_cmpfloat (msvis_py_round6 (0.1234565), ==, 0.123456);
  g_assert_cmpfloat (msvis_py_round6 (1.0000005), ==, 1.000001);
  g_assert_cmpfloat (msvis_py_round6 (2.5e15), ==, 2.5e15);
}

/* json.dumps(s) with ensure_ascii, written out the plain way, one character at a time. */
static void
reference_escape (GString    *out,
                  const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      switch (c)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        default:
          if (c >= 0x20 && c < 0x7f)
            g_string_append_c (out, (char)c);
          else if (c >= 0x10000)
            g_string_append_printf (out, "\\u%04x\\u%04x", 0xd800 | ((c - 0x10000) >> 10),
                                    0xdc00 | ((c - 0x10000) & 0x3ff));
          else
            g_string_append_printf (out, "\\u%04x", c);
          break;
        }
    }
  g_string_append_c (out, '"');
}

/* The escape looks at 16 and 8 bytes at a time: every kind of byte, at every place and
 * length, must come out as Python writes it. */
static void
test_json_escape (void)
{
  static const char *pieces[] = { "a", "~", " ", "\"", "\\", "\n", "\x01", "\x1f", "\x7f",
                                  "\xc2\x80", "é", "中", "😀", "0", "\t", "\b" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

  for (guint k = 0; k < 200000; k++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GString) got = g_string_new (NULL);
      g_autoptr(GString) want = g_string_new (NULL);
      guint n = g_rand_int_range (rand, 0, 48);
      gboolean plain = g_rand_int_range (rand, 0, 4) == 0;

      for (guint i = 0; i < n; i++)
        g_string_append (text, plain && g_rand_int_range (rand, 0, 20) != 0
                               ? "x" : pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
      msvis_json_append_escaped (got, text->str, text->len);
      reference_escape (want, text->str);
      g_assert_cmpstr (got->str, ==, want->str);
    }
}

/* json.dumps(indent=4) of nested containers, as deep as the indentation's fast path goes
 * and beyond, each with members before and after its child (checked once against Python). */
static void
test_json_indentation (void)
{
  MsvisJsonWriter *writer = msvis_json_writer_new_fragment (4, 1, FALSE, NULL);
  g_autoptr(GString) want = g_string_new (NULL);
  g_autoptr(GString) got = NULL;
  const guint depth = 16;

  for (guint d = 1; d <= depth; d++)
    {
      g_string_append_printf (want, "%s\n%*s\"k%u\": {\n%*s\"a\": 1,",
                              d > 1 ? "" : "", 4 * d, "", d, 4 * (d + 1), "");
      char key[16];

      g_snprintf (key, sizeof key, "k%u", d);
      msvis_json_writer_key (writer, key);
      msvis_json_writer_begin_object (writer);
      msvis_json_writer_key (writer, "a");
      msvis_json_writer_int (writer, 1);
    }
  g_string_truncate (want, want->len - 1);
  for (guint d = depth; d >= 1; d--)
    {
      g_string_append_printf (want, ",\n%*s\"b\": [],\n%*s\"c\": \"x\"\n%*s}",
                              4 * (d + 1), "", 4 * (d + 1), "", 4 * d, "");
      msvis_json_writer_key (writer, "b");
      msvis_json_writer_begin_array (writer);
      msvis_json_writer_end_array (writer);
      msvis_json_writer_key (writer, "c");
      msvis_json_writer_string (writer, "x");
      msvis_json_writer_end_object (writer);
    }
  got = msvis_json_writer_end_fragment (writer);
  g_assert_cmpstr (got->str, ==, want->str);
}

static void
test_crc32 (void)
{
  /* msprobe's md5 of the int 2 is crc32(b"2"); of a tensor without md5, crc32(b""). */
  g_assert_cmphex (msvis_crc32 ("2", 1), ==, 0x1ad5be0d);
  g_assert_cmphex (msvis_crc32 ("", 0), ==, 0);
}

/* A double with random bits in the exponent range the writers see. */
static double
random_double (GRand *rand,
               int    min_exp,
               int    max_exp)
{
  double mantissa = g_rand_double_range (rand, 1.0, 10.0);
  int exponent = g_rand_int_range (rand, min_exp, max_exp + 1);
  double value = mantissa * pow (10, exponent);

  if (g_rand_boolean (rand))
    value = -value;
  /* Values with few digits, where rounding ties are exact, are common in dumps. */
  if (g_rand_int_range (rand, 0, 4) == 0)
    value = round (value * 1e7) / 1e7;
  return value;
}

/* The printf-free fast paths against libc, which rounds exactly. */
static void
test_fast_formats_match_libc (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);

  for (guint i = 0; i < 2000000; i++)
    {
      /* Half in the exponents dumps have, where the double fast path works. */
      double value = i % 2 ? random_double (rand, -320, 308) : random_double (rand, -29, 29);
      char ours[32], theirs[64];

      if (value == 0.0 || !isfinite (value))
        continue;
      msvis_format_sci6 (ours, value);
      snprintf (theirs, sizeof theirs, "%.6e", value);
      if (strcmp (ours, theirs) != 0)
        g_error ("%.17g: %s instead of %s", value, ours, theirs);

      value = random_double (rand, -4, 8);
      /* A third are dyadic like bfloat16 statistics (0.0078125): exact ties at six decimals. */
      if (i % 3 == 0)
        value = g_rand_int_range (rand, -10000000, 10000000) /
                (double)(1 << g_rand_int_range (rand, 1, 25));
      if (fabs (value) >= 1e9 || fabs (value) < 1e-4)
        continue;
      msvis_format_round6 (ours, value);
      snprintf (theirs, sizeof theirs, "%.6f", value);
      {
        gsize n = strlen (theirs);

        while (n > 2 && theirs[n - 1] == '0' && theirs[n - 2] != '.')
          theirs[--n] = '\0';
      }
      if (strcmp (ours, theirs) != 0)
        g_error ("%.17g: %s instead of %s", value, ours, theirs);
    }
}

/* msvis_format_int64 two digits at a time: every length, both signs, and the extremes. */
static void
test_format_int64 (void)
{
  static const gint64 fixed[] = { 0, 9, 10, 99, 100, 101, 999, 1000, -1, -9, -10, -100,
                                  G_MAXINT64, G_MININT64, G_MININT64 + 1 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (64);
  char ours[32], theirs[32];

  for (guint i = 0; i < G_N_ELEMENTS (fixed) + 200000; i++)
    {
      gint64 value = i < G_N_ELEMENTS (fixed)
        ? fixed[i]
        : (gint64)((guint64)g_rand_int (rand) << 32 | g_rand_int (rand)) >>
          g_rand_int_range (rand, 0, 64);
      gsize n = msvis_format_int64 (ours, value);

      g_snprintf (theirs, sizeof theirs, "%" G_GINT64_FORMAT, value);
      g_assert_cmpstr (ours, ==, theirs);
      g_assert_cmpuint (n, ==, strlen (theirs));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/py-format/float-repr", test_float_repr);
  g_test_add_func ("/py-format/float-repr-shortest", test_float_repr_shortest);
  g_test_add_func ("/py-format/float-repr-data", test_float_repr_data);
  g_test_add_func ("/py-format/format-data", test_format_data);
  g_test_add_func ("/py-format/round6", test_round6);
  g_test_add_func ("/py-format/crc32", test_crc32);
  g_test_add_func ("/py-format/json-escape", test_json_escape);
  g_test_add_func ("/py-format/json-indentation", test_json_indentation);
  g_test_add_func ("/py-format/fast-formats-match-libc", test_fast_formats_match_libc);
  g_test_add_func ("/py-format/format-int64", test_format_int64);

  return g_test_run ();
}
