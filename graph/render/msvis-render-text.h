// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>
#include <pango/pangocairo.h>

G_BEGIN_DECLS

/* Text of an SVG export as SVG <text>: cairo's SVG surface draws every glyph as an outline,
 * which no one can select, copy or search (Netron's SVG keeps its text). While a sink is
 * attached to a cairo context, text drawn through msvis_render_show_layout() is collected
 * instead, where it would have been drawn, and written later as <text> elements stretched
 * to the width Pango gave it, so the picture looks as the PNG and PDF do. */

typedef struct _MsvisTextSink MsvisTextSink;

MsvisTextSink *msvis_text_sink_new     (void);
void           msvis_text_sink_free    (MsvisTextSink  *self);
void           msvis_text_sink_attach  (MsvisTextSink  *self,
                                        cairo_t        *cr);
guint          msvis_text_sink_get_n_texts (MsvisTextSink *self);
/* The <defs> and <text> elements, to go before the SVG's closing tag. */
gboolean       msvis_text_sink_write   (MsvisTextSink  *self,
                                        GOutputStream  *stream,
                                        GCancellable   *cancellable,
                                        GError        **error);

/* pango_cairo_show_layout() at the current point, or into the sink attached to @cr. */
void           msvis_render_show_layout (cairo_t       *cr,
                                         PangoLayout   *layout);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisTextSink, msvis_text_sink_free)

G_END_DECLS
