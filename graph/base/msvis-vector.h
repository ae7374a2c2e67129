// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A growable array appended to inline. The hot loops of reading and writing append millions
 * of small records (fields, formatted values, open containers); in GLib 2.74 each
 * g_array_append_val is a call into the library and another to check the size, a tenth of
 * a build's instructions. Elements are of one size, given at every call. */

typedef struct
{
  gpointer data;
  guint    len;
  guint    cap;
} MsvisVector;

#define msvis_vector_index(v, type, i) (((type *)(v)->data)[(i)])

static inline void
msvis_vector_reserve (MsvisVector *v,
                      guint        n,
                      gsize        size)
{
  if (G_LIKELY (v->len + n <= v->cap))
    return;
  v->cap = MAX (v->len + n, MAX (16, v->cap * 2));
  v->data = g_realloc_n (v->data, v->cap, size);
}

/* Room for one more element at the end; the caller fills it. */
static inline gpointer
msvis_vector_push (MsvisVector *v,
                   gsize        size)
{
  msvis_vector_reserve (v, 1, size);
  return (char *)v->data + (gsize)v->len++ * size;
}

static inline void
msvis_vector_clear (MsvisVector *v)
{
  g_clear_pointer (&v->data, g_free);
  v->len = v->cap = 0;
}

G_END_DECLS
