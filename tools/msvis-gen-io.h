// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <stdio.h>

#include <glib.h>

#define MAX_DEPTH 8

typedef struct
{
  guint64 s;
} Rng;

typedef struct
{
  FILE *f;
  int depth;
  gboolean empty[MAX_DEPTH * 4];
} Jw;

guint64 rng_next (Rng *r);
double rng_u01 (Rng *r);
double rng_range (Rng *r, double lo, double hi);
Rng rng_keyed (guint64 seed, gint64 a, gint64 b, gint64 c, gint64 d);
void fmt_double (char *out, double v, gboolean exact);

void jw_indent (Jw *w);
void jw_item (Jw *w);
void jw_str (Jw *w, const char *s);
void jw_key (Jw *w, const char *key);
void jw_open (Jw *w, char c);
void jw_close (Jw *w, char c);
void jw_raw (Jw *w, const char *key, const char *raw);
void json_file (Jw *w, const char *dir, const char *file, gboolean close);

void die (const char *fmt, ...) G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN;
