// SPDX-License-Identifier: GPL-3.0-or-later
//
// The plumbing of msvis-gen-dump: its random stream, floats written as Python's repr() writes
// them, a streaming JSON writer with the layout of json.dump(indent=1), and the output files.

#ifndef _GNU_SOURCE
#define _GNU_SOURCE // fputs_unlocked, fwrite_unlocked: the output is written by one thread
#endif

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msvis-gen-io.h"

// ---------------------------------------------------------------------------------------------
// PRNG: splitmix64, our own so that the output does not depend on the libc.



guint64
rng_next (Rng *r)
{
  guint64 z = (r->s += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

// Uniform in [0, 1).
double
rng_u01 (Rng *r)
{
  return (double) (rng_next (r) >> 11) * (1.0 / 9007199254740992.0);
}

double
rng_range (Rng *r, double lo, double hi)
{
  return lo + (hi - lo) * rng_u01 (r);
}

// A stream keyed by the seed and four integers, so that values which must agree between two dumps
// (weights across micro steps, send/recv pairs across ranks) do not depend on the order of
// the main stream.
Rng
rng_keyed (guint64 seed, gint64 a, gint64 b, gint64 c, gint64 d)
{
  Rng r = { seed };
  gint64 keys[4] = { a, b, c, d };

  for (int i = 0; i < 4; i++)
    {
      r.s ^= (guint64) keys[i] + G_GUINT64_CONSTANT (0x632BE59BD9B4E019) * (guint64) (i + 1);
      r.s = rng_next (&r);
    }
  return r;
}

// ---------------------------------------------------------------------------------------------
// Floats, written exactly as Python's repr() does, so json.dumps(json.load(f), indent=1)
// reproduces the file byte for byte.

// With exact FALSE, v may be rounded to 15 significant digits, which is much faster: such a
// decimal reads back as itself, so the text still equals Python's repr() of what it parses to.
void
fmt_double (char *out, double v, gboolean exact)
{
  char buf[40], *q;
  int prec, n, e;

  if (!isfinite (v) || v == 0)
    {
      strcpy (out, isnan (v) ? "NaN" : isinf (v) ? (v > 0 ? "Infinity" : "-Infinity")
                   : signbit (v) ? "-0.0" : "0.0");
      return;
    }
  // 15 digits always read back uniquely (DBL_DIG), so if they round-trip, the shortest form is
  // them without trailing zeros; otherwise 16, and 17 digits always round-trip.
  for (prec = 14;; prec++)
    {
      g_snprintf (buf, sizeof buf, "%.*e", prec, v);
      if (prec == 16 || !exact || g_ascii_strtod (buf, NULL) == v)
        break;
    }
  q = strchr (buf, 'e');
  e = atoi (q + 1);
  for (n = prec + 1; q[-1] == '0'; q--)
    n--;
  // repr() switches to an exponent below 1e-4 and from 1e16 on.
  if (e < -4 || e >= 16)
    g_snprintf (out, 32, "%.*e", n - 1, v);
  else
    g_snprintf (out, 32, "%.*f", MAX (n - 1 - e, 1), v);
}

// ---------------------------------------------------------------------------------------------
// A streaming JSON writer with the layout of Python's json.dump(obj, f, indent=1).



static const char spaces[] = "                                                                ";

void
jw_indent (Jw *w)
{
  fwrite_unlocked (spaces, 1, (size_t) w->depth, w->f);
}

// Starts an item of the current container: a value in a list, or a key in an object.
void
jw_item (Jw *w)
{
  if (w->empty[w->depth])
    {
      putc_unlocked ('\n', w->f);
      w->empty[w->depth] = FALSE;
    }
  else
    fputs_unlocked (",\n", w->f);
  jw_indent (w);
}

void
jw_str (Jw *w, const char *s)
{
  putc_unlocked ('"', w->f);
  for (; *s; s++)
    {
      if (*s == '"' || *s == '\\')
        putc_unlocked ('\\', w->f);
      if (*s == '\n')
        fputs_unlocked ("\\n", w->f);
      else
        putc_unlocked (*s, w->f);
    }
  putc_unlocked ('"', w->f);
}

// Writes `"key": ` in an object, or starts a list item when key is NULL.
void
jw_key (Jw *w, const char *key)
{
  jw_item (w);
  if (key)
    {
      jw_str (w, key);
      fputs_unlocked (": ", w->f);
    }
}

void
jw_open (Jw *w, char c)
{
  putc_unlocked (c, w->f);
  w->empty[++w->depth] = TRUE;
}

void
jw_close (Jw *w, char c)
{
  gboolean was_empty = w->empty[w->depth--];

  if (!was_empty)
    {
      putc_unlocked ('\n', w->f);
      jw_indent (w);
    }
  putc_unlocked (c, w->f);
}

// A raw token (number, null, true...) as an object member or list item.
void
jw_raw (Jw *w, const char *key, const char *raw)
{
  jw_key (w, key);
  fputs_unlocked (raw, w->f);
}

// ---------------------------------------------------------------------------------------------
// Files and the command line.


void
die (const char *fmt, ...)
{
  va_list ap;
  char *msg;

  va_start (ap, fmt);
  msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_printerr ("msvis-gen-dump: %s\n", msg);
  exit (1);
}

// Opens (close FALSE) or closes one of the three files of a dump.
void
json_file (Jw *w, const char *dir, const char *file, gboolean close)
{
  char *path = g_build_filename (dir, file, NULL);

  // Errors such as a full disk may only show up when closing, so they are checked there too.
  if (close && (ferror (w->f) | fclose (w->f)))
    die ("error while writing %s: %s", path, g_strerror (errno));
  if (!close)
    {
      memset (w, 0, sizeof *w);
      w->f = fopen (path, "w");
      if (!w->f)
        die ("cannot write %s: %s", path, g_strerror (errno));
      setvbuf (w->f, NULL, _IOFBF, 1 << 20);
    }
  g_free (path);
}
