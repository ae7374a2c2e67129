// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-reader-error.h"

G_DEFINE_QUARK (msvis-reader-error-quark, msvis_reader_error)
