// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The digits Python's repr(float) prints (David Gay's dtoa, mode 0): the fewest significant
 * digits that read back as @value, and of those the nearest to @value, a tie going to the even
 * one. @value is finite and > 0. @digits gets them without trailing zeros, NUL-terminated
 * (at most 17 digits: 32 bytes are enough); @decpt is where the decimal point goes, @value
 * being 0.DIGITS x 10^decpt. Returns the number of digits. */
int  msvis_shortest_digits  (double  value,
                             char   *digits,
                             int    *decpt);

G_END_DECLS
