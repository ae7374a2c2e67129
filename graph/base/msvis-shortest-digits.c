// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-pow5-table.h"
#include "msvis-shortest-digits.h"

/* Ryu (Ulf Adams, "Ryu: fast float-to-string conversion", PLDI 2018), in integer arithmetic.
 * A double x = m2 x 2^e has the neighbours' halfway points as the bounds of the decimals that
 * read back as it. Scaled by 4 (two more bits, so the halfway points are integers too) and by
 * one power of ten chosen from the exponent, x and its bounds become the integers vr, vp, vm,
 * computed with one 64 x 128-bit product each: the 125-bit powers of five of
 * msvis-pow5-table.h make that product's floor exact. Dropping decimal digits while the
 * interval still holds a shorter number gives the shortest digits; rounding the last dropped
 * digit gives the nearest of them. printf with 17 digits (glibc's bignum code) and a bisection
 * on read-back did the same work 6 (a dump's statistics) to 30 (any bits) times slower:
 * bench/bench-float-repr.c. bench/check-float-repr.py compares it with Python's repr(). */

#define MANTISSA_BITS 52
#define EXPONENT_BIAS 1023

/* x, its lower and its upper bound in units of 10^e10, truncated; whether x and the lower
 * bound are exactly those integers, the lower bound being exact only when a decimal equal to
 * it reads back as x. */
typedef struct
{
  guint64  vr, vp, vm;
  int      e10;
  gboolean vr_exact;
  gboolean vm_exact;
} Scaled;

/* floor(e log10 2), floor(e log10 5) and ceil(e log2 5) (1 for e = 0) with 78913 / 2^18,
 * 732923 / 2^20 and 1217359 / 2^19 for the logarithms: right for every e these functions
 * get, which tools/gen-pow5-table.py checks. */
static inline int
log10_pow2 (int e)
{
  return (int)(((guint32)e * 78913) >> 18);
}

static inline int
log10_pow5 (int e)
{
  return (int)(((guint32)e * 732923) >> 20);
}

static inline int
pow5_bits (int e)
{
  return (int)((((guint32)e * 1217359) >> 19) + 1);
}

#if defined (__SIZEOF_INT128__) && !defined (MSVIS_SHORTEST_NO_INT128)
/* floor(m x factor / 2^shift), 64 <= shift < 128; m < 2^56, so nothing overflows. */
static inline guint64
mul_shift (guint64        m,
           const guint64 *factor,
           int            shift)
{
  unsigned __int128 low = (unsigned __int128)m * factor[0];
  unsigned __int128 high = (unsigned __int128)m * factor[1];

  return (guint64)(((low >> 64) + high) >> (shift - 64));
}
#else
/* Without a 128-bit type: the same product from 32-bit halves. */
static inline guint64
mul_64 (guint64  a,
        guint64  b,
        guint64 *high)
{
  guint64 a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  guint64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  guint64 mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);

  *high = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
  return (mid << 32) | (p00 & 0xffffffffu);
}

static inline guint64
mul_shift (guint64        m,
           const guint64 *factor,
           int            shift)
{
  guint64 low_high, high_high, high_low, sum;
  int s = shift - 64;

  mul_64 (m, factor[0], &low_high);
  high_low = mul_64 (m, factor[1], &high_high);
  sum = high_low + low_high;
  high_high += sum < high_low;
  return s == 0 ? sum : (high_high << (64 - s)) | (sum >> s);
}
#endif

/* Whether 5^p divides @value (> 0). */
static inline gboolean
multiple_of_pow5 (guint64 value,
                  int     p)
{
  int count = 0;

  while (count < p && value % 5 == 0)
    {
      value /= 5;
      count++;
    }
  return count >= p;
}

/* Whether 2^p divides @value (> 0). */
static inline gboolean
multiple_of_pow2 (guint64 value,
                  int     p)
{
  return p < 64 && (value & ((G_GUINT64_CONSTANT (1) << p) - 1)) == 0;
}

/* x = mv / 4 x 2^(e2 + 2) and its bounds mp and mm (same scale) as integers of 10^e10. The
 * power of ten is one below what the interval's width allows, so at least one digit is left
 * to round with. @accept_bounds: a decimal exactly halfway to a neighbour reads back as x. */
static void
scale (guint64   mv,
       int       e2,
       int       mm_shift,
       gboolean  accept_bounds,
       Scaled   *s)
{
  guint64 mp = mv + 2, mm = mv - 1 - mm_shift;

  if (e2 >= 0)
    {
      int q = log10_pow2 (e2) - (e2 > 3);
      int shift = -e2 + q + MSVIS_POW5_BITS + pow5_bits (q) - 1;

      s->e10 = q;
      s->vr = mul_shift (mv, msvis_pow5_inv[q], shift);
      s->vp = mul_shift (mp, msvis_pow5_inv[q], shift);
      s->vm = mul_shift (mm, msvis_pow5_inv[q], shift);
      /* x 2^e2 / 10^q is an integer when 5^q divides; 5^24 > 2^55 + 2 > mp never does. */
      s->vr_exact = q <= 23 && multiple_of_pow5 (mv, q);
      s->vm_exact = accept_bounds && q <= 23 && multiple_of_pow5 (mm, q);
      if (!accept_bounds && q <= 23 && multiple_of_pow5 (mp, q))
        s->vp--;
    }
  else
    {
      int q = log10_pow5 (-e2) - (-e2 > 1);
      int i = -e2 - q;
      int shift = q - (pow5_bits (i) - MSVIS_POW5_BITS);

      s->e10 = q + e2;
      s->vr = mul_shift (mv, msvis_pow5[i], shift);
      s->vp = mul_shift (mp, msvis_pow5[i], shift);
      s->vm = mul_shift (mm, msvis_pow5[i], shift);
      /* x 5^-e10 2^(e2 - e10) is an integer when 2^q divides. */
      s->vr_exact = multiple_of_pow2 (mv, q);
      s->vm_exact = accept_bounds && multiple_of_pow2 (mm, q);
      if (!accept_bounds && multiple_of_pow2 (mp, q))
        s->vp--;
    }
}

/* The usual case, where neither x nor its lower bound is exactly an integer of 10^e10: the
 * digits dropped never make an exact half, and the lower bound itself is never a candidate. */
static guint64
drop_digits (const Scaled *s,
             int          *exponent)
{
  guint64 vr = s->vr, vp = s->vp, vm = s->vm;
  gboolean up = FALSE;
  int removed = 0;

  if (vp / 100 > vm / 100)
    {
      up = vr % 100 >= 50;
      vr /= 100;
      vp /= 100;
      vm /= 100;
      removed = 2;
    }
  while (vp / 10 > vm / 10)
    {
      up = vr % 10 >= 5;
      vr /= 10;
      vp /= 10;
      vm /= 10;
      removed++;
    }
  *exponent = s->e10 + removed;
  return vr + (vr == vm || up);
}

/* When x or its bound is exact: the bound can be the shortest itself, and digits dropped that
 * are exactly a half go to the even side, as strtod and Gay's dtoa do. */
static guint64
drop_digits_exact (const Scaled *s,
                   int          *exponent)
{
  guint64 vr = s->vr, vp = s->vp, vm = s->vm;
  gboolean vr_exact = s->vr_exact, vm_exact = s->vm_exact;
  int removed = 0, last = 0;

  while (vp / 10 > vm / 10)
    {
      vm_exact &= vm % 10 == 0;
      vr_exact &= last == 0;
      last = (int)(vr % 10);
      vr /= 10;
      vp /= 10;
      vm /= 10;
      removed++;
    }
  /* An exact lower bound ending in zeros: shorter still (vm > 0, as the bound is). */
  while (vm_exact && vm % 10 == 0)
    {
      vr_exact &= last == 0;
      last = (int)(vr % 10);
      vr /= 10;
      vp /= 10;
      vm /= 10;
      removed++;
    }
  if (vr_exact && last == 5 && vr % 2 == 0)
    last = 4;
  *exponent = s->e10 + removed;
  return vr + ((vr == vm && !vm_exact) || last >= 5);
}

/* An integer below 2^53 is its own shortest form: its neighbours are at most 1 away. */
static gboolean
small_integer (guint64  m2,
               int      biased,
               guint64 *output)
{
  int shift = EXPONENT_BIAS + MANTISSA_BITS - biased;

  if (shift < 0 || shift > MANTISSA_BITS
      || (m2 & ((G_GUINT64_CONSTANT (1) << shift) - 1)) != 0)
    return FALSE;
  *output = m2 >> shift;
  return TRUE;
}

/* The decimal digits of @output (< 10^17), two a division, straight into place: going through
 * msvis_format_int64's buffer and copy cost nearly as much as finding the digits. */
static int
write_digits (guint64  output,
              char    *digits)
{
  static const char pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";
  guint64 bound = 10;
  int n = 1;
  char *p;

  while (n < 17 && output >= bound)
    {
      bound *= 10;
      n++;
    }
  p = digits + n;
  *p = '\0';
  while (output >= 100)
    {
      p -= 2;
      memcpy (p, pairs + 2 * (output % 100), 2);
      output /= 100;
    }
  if (output >= 10)
    memcpy (p - 2, pairs + 2 * output, 2);
  else
    p[-1] = (char)('0' + output);
  return n;
}

int
msvis_shortest_digits (double  value,
                       char   *digits,
                       int    *decpt)
{
  guint64 bits, mantissa, m2, output;
  int biased, exponent = 0, n;

  memcpy (&bits, &value, sizeof bits);
  mantissa = bits & ((G_GUINT64_CONSTANT (1) << MANTISSA_BITS) - 1);
  biased = (int)((bits >> MANTISSA_BITS) & 0x7ff);
  m2 = biased == 0 ? mantissa : mantissa | G_GUINT64_CONSTANT (1) << MANTISSA_BITS;

  if (biased == 0 || !small_integer (m2, biased, &output))
    {
      Scaled s;
      /* Below a power of two (not the smallest normal) the neighbour is half as far. */
      int mm_shift = mantissa != 0 || biased <= 1;
      int e2 = (biased == 0 ? 1 : biased) - EXPONENT_BIAS - MANTISSA_BITS - 2;

      /* strtod rounds a halfway decimal to the even mantissa. */
      scale (4 * m2, e2, mm_shift, (m2 & 1) == 0, &s);
      output = s.vr_exact || s.vm_exact ? drop_digits_exact (&s, &exponent)
                                        : drop_digits (&s, &exponent);
    }

  while (output % 10 == 0)
    {
      output /= 10;
      exponent++;
    }
  n = write_digits (output, digits);
  *decpt = exponent + n;
  return n;
}
