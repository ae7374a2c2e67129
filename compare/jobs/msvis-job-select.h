// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* graph_visualize's --rank and --step (an msvis extension, msprobe has none): a list of
 * numbers and ranges such as "0-3,8", so one run can be split over several machines and
 * joined again with `msvis merge-db`. */
typedef struct _MsvisSelection MsvisSelection;

MsvisSelection *msvis_selection_parse    (const char            *text,
                                          const char            *option,
                                          GError               **error);
gboolean        msvis_selection_contains (const MsvisSelection  *selection,
                                          gint                   number);
const char     *msvis_selection_get_text (const MsvisSelection  *selection);
void            msvis_selection_free     (MsvisSelection        *selection);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisSelection, msvis_selection_free)

G_END_DECLS
