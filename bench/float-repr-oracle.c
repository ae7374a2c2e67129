// SPDX-License-Identifier: GPL-3.0-or-later

/* Not a test: the C side of bench/check-float-repr.py, which compares msvis's repr(float)
 * with Python's own on as many values as it is asked for (far more than the suite can afford).
 *
 *   msvis-float-repr-oracle KIND COUNT SEED
 *
 * KIND: bits (any 64-bit pattern), decimals (1 to 17 random digits, exponents -330..310,
 * read with strtod), stats (the same with exponents -10..6, where a dump's values are),
 * special (powers of two and ten and their neighbours, integers around 2^53, the extremes,
 * exact halves: COUNT is ignored). Writes blocks of up to 65536 values to
 * stdout: the count (8 bytes, little endian), the doubles (8 bytes each), the length of the
 * text (8 bytes), then the reprs, one a line. */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msvis-py-repr.h"

#define BLOCK 65536

typedef struct
{
  double   values[BLOCK];
  guint64  count;
  GString *text;
} Block;

static guint64
splitmix (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static void
flush (Block *b)
{
  guint64 length = b->text->len;

  if (b->count == 0)
    return;
  fwrite (&b->count, sizeof b->count, 1, stdout);
  fwrite (b->values, sizeof (double), b->count, stdout);
  fwrite (&length, sizeof length, 1, stdout);
  fwrite (b->text->str, 1, b->text->len, stdout);
  b->count = 0;
  g_string_truncate (b->text, 0);
}

static void
add (Block  *b,
     double  value)
{
  b->values[b->count++] = value;
  msvis_py_append_float_repr (b->text, value);
  g_string_append_c (b->text, '\n');
  if (b->count == BLOCK)
    flush (b);
}

static double
from_bits (guint64 bits)
{
  double value;

  memcpy (&value, &bits, sizeof value);
  return value;
}

static double
random_decimal (guint64 *state,
                int      min_exponent,
                int      max_exponent)
{
  static const guint64 pow10[] = {
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000,
    G_GUINT64_CONSTANT (10000000000), G_GUINT64_CONSTANT (100000000000),
    G_GUINT64_CONSTANT (1000000000000), G_GUINT64_CONSTANT (10000000000000),
    G_GUINT64_CONSTANT (100000000000000), G_GUINT64_CONSTANT (1000000000000000),
    G_GUINT64_CONSTANT (10000000000000000), G_GUINT64_CONSTANT (100000000000000000),
  };
  int digits = 1 + (int)(splitmix (state) % 17);
  guint64 low = pow10[digits - 1], mantissa = low + splitmix (state) % (pow10[digits] - low);
  guint64 span = (guint64)(max_exponent - min_exponent + 1);
  int exponent = min_exponent + (int)(splitmix (state) % span);
  char text[64];

  /* The value's decimal exponent is @exponent: d.ddd x 10^exponent. */
  g_snprintf (text, sizeof text, "%s%" G_GUINT64_FORMAT "e%d", splitmix (state) & 1 ? "-" : "",
              mantissa, exponent - (digits - 1));
  return strtod (text, NULL);
}

/* The values repr gets wrong first, each with a few neighbours on both sides. */
static void
add_special (Block *b)
{
  static const double extremes[] = {
    0.0, -0.0, INFINITY, -INFINITY, NAN, 5e-324, 2.2250738585072009e-308, 2.2250738585072014e-308,
    1.7976931348623157e308, 9007199254740992.0, 18014398509481984.0, 1e-4, 1e16, 1e15, 1e17,
  };
  char text[32];

  for (guint i = 0; i < G_N_ELEMENTS (extremes); i++)
    for (int k = -3; k <= 3; k++)
      {
        double v = extremes[i];

        for (int j = 0; j < ABS (k) && isfinite (v); j++)
          v = nextafter (v, k < 0 ? -INFINITY : INFINITY);
        add (b, v);
      }
  for (int e = -1074; e <= 1023; e++)
    for (int k = -2; k <= 2; k++)
      {
        double v = ldexp (1.0, e);

        for (int j = 0; j < ABS (k); j++)
          v = nextafter (v, k < 0 ? 0.0 : INFINITY);
        add (b, v);
      }
  for (int e = -324; e <= 308; e++)
    for (int k = -3; k <= 3; k++)
      {
        double v;

        g_snprintf (text, sizeof text, "1e%d", e);
        v = strtod (text, NULL);
        for (int j = 0; j < ABS (k) && v != 0; j++)
          v = nextafter (v, k < 0 ? 0.0 : INFINITY);
        add (b, v);
      }
  for (gint64 i = -100000; i <= 100000; i++)
    {
      add (b, (double)i);
      add (b, (double)(G_GINT64_CONSTANT (9007199254740992) + i));
    }
  /* Exact halves between two shortest candidates: m / 2^k just below 2^(53 - k). */
  for (int k = 1; k <= 10; k++)
    for (guint64 m = 1; m < 20000; m += 2)
      add (b, ldexp ((double)((G_GUINT64_CONSTANT (1) << 52) + m), -k));
}

int
main (int   argc,
      char *argv[])
{
  static Block b;
  guint64 state, count;

  if (argc != 4)
    {
      fprintf (stderr, "usage: %s bits|decimals|stats|special COUNT SEED\n", argv[0]);
      return 2;
    }
  count = g_ascii_strtoull (argv[2], NULL, 10);
  state = g_ascii_strtoull (argv[3], NULL, 10);
  b.text = g_string_sized_new (BLOCK * 26);

  if (strcmp (argv[1], "bits") == 0)
    for (guint64 i = 0; i < count; i++)
      add (&b, from_bits (splitmix (&state)));
  else if (strcmp (argv[1], "decimals") == 0)
    for (guint64 i = 0; i < count; i++)
      add (&b, random_decimal (&state, -330, 310));
  else if (strcmp (argv[1], "stats") == 0)
    for (guint64 i = 0; i < count; i++)
      add (&b, random_decimal (&state, -10, 6));
  else if (strcmp (argv[1], "special") == 0)
    add_special (&b);
  else
    {
      fprintf (stderr, "%s: unknown kind %s\n", argv[0], argv[1]);
      return 2;
    }
  flush (&b);
  return fflush (stdout) == 0 ? 0 : 1;
}
