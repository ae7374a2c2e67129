// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <pango/pangocairo.h>
#include <string.h>

#include "msvis-layout-engine-private.h"

/* Measuring each label with Pango costs about 20 µs; a container of 2,000 children would
 * spend 40 ms on it. Labels are ids: few distinct characters, so each character is measured
 * once and a label's width is the sum (kerning is ignored; the canvas ellipsizes anyway). */
struct _MsvisTextMeter
{
  PangoFontMap *font_map;
  PangoContext *context;
  PangoLayout  *layout;
  GHashTable   *widths;   /* gunichar -> double width, boxed in a pointer-sized slot */
  double        ascii[128];
};

MsvisTextMeter *
msvis_text_meter_new (void)
{
  MsvisTextMeter *self = g_new0 (MsvisTextMeter, 1);
  g_autoptr(PangoFontDescription) font = pango_font_description_from_string (MSVIS_LAYOUT_FONT);

  /* A font map of its own: the default one belongs to the thread that first asked for it. */
  self->font_map = pango_cairo_font_map_new ();
  self->context = pango_font_map_create_context (self->font_map);
  self->layout = pango_layout_new (self->context);
  pango_layout_set_font_description (self->layout, font);
  self->widths = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  for (guint i = 0; i < G_N_ELEMENTS (self->ascii); i++)
    self->ascii[i] = -1;
  return self;
}

void
msvis_text_meter_free (MsvisTextMeter *self)
{
  if (self == NULL)
    return;
  g_object_unref (self->layout);
  g_object_unref (self->context);
  g_object_unref (self->font_map);
  g_hash_table_unref (self->widths);
  g_free (self);
}

static double
measure_char (MsvisTextMeter *self,
              gunichar        c)
{
  char utf8[8];
  int len = g_unichar_to_utf8 (c, utf8);
  PangoRectangle logical;

  pango_layout_set_text (self->layout, utf8, len);
  pango_layout_get_extents (self->layout, NULL, &logical);
  return (double)logical.width / PANGO_SCALE;
}

double
msvis_text_meter_measure (MsvisTextMeter *self,
                          const char     *text)
{
  double width = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char_validated (p, -1);
      double *slot;

      if (c < 128)
        {
          if (self->ascii[c] < 0)
            self->ascii[c] = measure_char (self, c);
          width += self->ascii[c];
          continue;
        }
      if (c == (gunichar)-1 || c == (gunichar)-2)
        c = 0xFFFD;
      slot = g_hash_table_lookup (self->widths, GUINT_TO_POINTER (c));
      if (slot == NULL)
        {
          slot = g_new (double, 1);
          *slot = measure_char (self, c);
          g_hash_table_insert (self->widths, GUINT_TO_POINTER (c), slot);
        }
      width += *slot;
    }
  return width;
}
