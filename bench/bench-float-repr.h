// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

void  bench_old_append_float_repr  (GString *out,
                                    double   value);

G_END_DECLS
