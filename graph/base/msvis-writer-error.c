// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-writer-error.h"

G_DEFINE_QUARK (msvis-writer-error-quark, msvis_writer_error)
