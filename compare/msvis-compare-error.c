// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-compare-error.h"

G_DEFINE_QUARK (msvis-compare-error-quark, msvis_compare_error)
