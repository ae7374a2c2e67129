// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* printf-free number formatting for the hot paths of the writers; buffers need 32 bytes. */

gsize msvis_format_int64     (char   *buf,
                              gint64  value);
gsize msvis_format_round6    (char   *buf,
                              double  value);
gsize msvis_format_sci6      (char   *buf,
                              double  value);

G_END_DECLS
