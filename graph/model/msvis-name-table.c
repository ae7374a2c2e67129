// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-name-table.h"

#define INITIAL_SLOTS 1024

typedef struct
{
  guint32     hash;
  guint32     length;   /* names longer than 4 GB are not interned twice */
  const char *text;     /* NULL: empty */
} Slot;

struct _MsvisNameTable
{
  Slot  *slots;
  gsize  mask;    /* slots - 1, a power of two minus one */
  gsize  n;
};

MsvisNameTable *
msvis_name_table_new (void)
{
  MsvisNameTable *self = g_new0 (MsvisNameTable, 1);

  self->slots = g_new0 (Slot, INITIAL_SLOTS);
  self->mask = INITIAL_SLOTS - 1;
  return self;
}

void
msvis_name_table_free (MsvisNameTable *self)
{
  if (self == NULL)
    return;
  g_free (self->slots);
  g_free (self);
}

/* FNV-1a over 8-byte words, folded: node names are long, and hashed in full. */
guint32
msvis_name_hash (const char *text,
                 gsize       length)
{
  guint64 h = 0xcbf29ce484222325u ^ length;
  gsize n = length;
  const char *p = text;

  for (; n >= 8; n -= 8, p += 8)
    {
      guint64 w;

      memcpy (&w, p, 8);
      h = (h ^ w) * 0x100000001b3u;
      h ^= h >> 29;
    }
  for (; n > 0; n--, p++)
    h = (h ^ (guchar)*p) * 0x100000001b3u;

  return (guint32)(h ^ (h >> 32));
}

static inline gboolean
slot_holds (const Slot *slot,
            const char *text,
            gsize       length,
            guint32     hash)
{
  return slot->hash == hash && slot->length == length && memcmp (slot->text, text, length) == 0;
}

const char *
msvis_name_table_lookup (MsvisNameTable *self,
                         const char     *text,
                         gsize           length,
                         guint32         hash)
{
  for (gsize i = hash & self->mask;; i = (i + 1) & self->mask)
    {
      const Slot *slot = &self->slots[i];

      if (slot->text == NULL)
        return NULL;
      if (slot_holds (slot, text, length, hash))
        return slot->text;
    }
}

static void
place (Slot  *slots,
       gsize  mask,
       Slot   slot)
{
  gsize i = slot.hash & mask;

  while (slots[i].text != NULL)
    i = (i + 1) & mask;
  slots[i] = slot;
}

/* Adds @stored, which msvis_name_table_lookup() did not find. Half full at most, the table
 * keeps linear probes short. */
void
msvis_name_table_add (MsvisNameTable *self,
                      const char     *stored,
                      gsize           length,
                      guint32         hash)
{
  Slot slot = { hash, length, stored };

  g_return_if_fail (length <= G_MAXUINT32);

  if (2 * (self->n + 1) > self->mask + 1)
    {
      gsize mask = 2 * (self->mask + 1) - 1;
      Slot *slots = g_new0 (Slot, mask + 1);

      for (gsize i = 0; i <= self->mask; i++)
        if (self->slots[i].text != NULL)
          place (slots, mask, self->slots[i]);
      g_free (self->slots);
      self->slots = slots;
      self->mask = mask;
    }
  place (self->slots, self->mask, slot);
  self->n++;
}
