// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "msvis-npy.h"
#include "msvis-reader-error.h"
#include "msvis-tensor-metrics.h"
#include "msvis-test-util.h"

/* Expected values come from numpy 1.24 (np.save, astype(float)) and from msprobe's
 * npy_compare.py functions run on the same arrays; the tests need no Python. */

typedef struct
{
  const char    *descr;
  const char    *shape_text;
  gboolean       fortran;
  guint          ndim;
  guint64        shape[3];
  gsize          data_length;
  const char    *data;         /* the bytes numpy's tobytes() gives in the file's order */
  const double  *expected;     /* astype(float) in C order */
} NpyCase;

typedef struct
{
  const char    *name;
  MsvisNpyDtype  npu_dtype, bench_dtype;
  guint          npu_ndim;
  guint64        npu_shape[3];
  guint          bench_ndim;
  guint64        bench_shape[3];
  const double  *npu, *bench;
  const char    *expected[MSVIS_N_METRICS];   /* a number as Python's repr, or a string */
} MetricCase;

static const NpyCase npy_cases[] = {
  { "|b1", "(2, 3)", FALSE, 2, { 2, 3 }, 6,
    "\x01\x00\x01\x01\x00\x00",
    (const double[]) { 1.0, 0.0, 1.0, 1.0, 0.0, 0.0 } },
  { "|i1", "(2, 3)", FALSE, 2, { 2, 3 }, 6,
    "\x80\xff\x00\x01\x64\x7f",
    (const double[]) { -128.0, -1.0, 0.0, 1.0, 100.0, 127.0 } },
  { "|u1", "(2, 3)", FALSE, 2, { 2, 3 }, 6,
    "\x00\x01\x02\x80\xfe\xff",
    (const double[]) { 0.0, 1.0, 2.0, 128.0, 254.0, 255.0 } },
  { "<i2", "(2, 3)", FALSE, 2, { 2, 3 }, 12,
    "\x00\x80\xfe\xff\x00\x00\x03\x00\xe8\x03\xff\x7f",
    (const double[]) { -32768.0, -2.0, 0.0, 3.0, 1000.0, 32767.0 } },
  { ">i2", "(2, 3)", FALSE, 2, { 2, 3 }, 12,
    "\x80\x00\xff\xfe\x00\x00\x00\x03\x03\xe8\x7f\xff",
    (const double[]) { -32768.0, -2.0, 0.0, 3.0, 1000.0, 32767.0 } },
  { "<u2", "(2, 3)", FALSE, 2, { 2, 3 }, 12,
    "\x00\x00\x01\x00\x02\x01\x00\x10\x40\x9c\xff\xff",
    (const double[]) { 0.0, 1.0, 258.0, 4096.0, 40000.0, 65535.0 } },
  { ">u2", "(2, 3)", FALSE, 2, { 2, 3 }, 12,
    "\x00\x00\x00\x01\x01\x02\x10\x00\x9c\x40\xff\xff",
    (const double[]) { 0.0, 1.0, 258.0, 4096.0, 40000.0, 65535.0 } },
  { "<i4", "(2, 3)", FALSE, 2, { 2, 3 }, 24,
      "\x00\x00\x00\x80\xfb\xff\xff\xff\x00\x00\x00\x00\x07\x00\x00\x00\x15\xcd\x5b\x07\xff\xff"
      "\xff\x7f",
    (const double[]) { -2147483648.0, -5.0, 0.0, 7.0, 123456789.0, 2147483647.0 } },
  { ">i4", "(2, 3)", FALSE, 2, { 2, 3 }, 24,
      "\x80\x00\x00\x00\xff\xff\xff\xfb\x00\x00\x00\x00\x00\x00\x00\x07\x07\x5b\xcd\x15\x7f\xff"
      "\xff\xff",
    (const double[]) { -2147483648.0, -5.0, 0.0, 7.0, 123456789.0, 2147483647.0 } },
  { "<u4", "(2, 3)", FALSE, 2, { 2, 3 }, 24,
      "\x00\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x01\x03\x00\x00\x00\x00\x00\x00\x80\xff\xff"
      "\xff\xff",
    (const double[]) { 0.0, 1.0, 16777217.0, 3.0, 2147483648.0, 4294967295.0 } },
  { ">u4", "(2, 3)", FALSE, 2, { 2, 3 }, 24,
      "\x00\x00\x00\x00\x00\x00\x00\x01\x01\x00\x00\x01\x00\x00\x00\x03\x80\x00\x00\x00\xff\xff"
      "\xff\xff",
    (const double[]) { 0.0, 1.0, 16777217.0, 3.0, 2147483648.0, 4294967295.0 } },
  { "<i8", "(2, 3)", FALSE, 2, { 2, 3 }, 48,
      "\x00\x00\x00\x00\x00\x00\x00\x80\xf7\xff\xff\xff\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00"
      "\x00\x00\x01\x00\x00\x00\x00\x00\x20\x00\x03\x00\x00\x00\x00\x00\x00\x10\xff\xff\xff\xff"
      "\xff\xff\xff\x7f",
    (const double[]) { -9.223372036854776e+18, -9.0, 0.0, 9007199254740992.0,
        1.152921504606847e+18, 9.223372036854776e+18 } },
  { ">i8", "(2, 3)", FALSE, 2, { 2, 3 }, 48,
      "\x80\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\xf7\x00\x00\x00\x00\x00\x00"
      "\x00\x00\x00\x20\x00\x00\x00\x00\x00\x01\x10\x00\x00\x00\x00\x00\x00\x03\x7f\xff\xff\xff"
      "\xff\xff\xff\xff",
    (const double[]) { -9.223372036854776e+18, -9.0, 0.0, 9007199254740992.0,
        1.152921504606847e+18, 9.223372036854776e+18 } },
  { "<u8", "(2, 3)", FALSE, 2, { 2, 3 }, 48,
      "\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00"
      "\x20\x00\x00\x00\x00\x00\x00\x00\x00\x80\xff\xff\xff\xff\xff\xff\xff\xff\x39\x30\x00\x00"
      "\x00\x00\x00\x00",
    (const double[]) { 0.0, 1.0, 9007199254740992.0, 9.223372036854776e+18,
        1.8446744073709552e+19, 12345.0 } },
  { ">u8", "(2, 3)", FALSE, 2, { 2, 3 }, 48,
      "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x20\x00\x00\x00\x00"
      "\x00\x01\x80\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\xff\x00\x00\x00\x00"
      "\x00\x00\x30\x39",
    (const double[]) { 0.0, 1.0, 9007199254740992.0, 9.223372036854776e+18,
        1.8446744073709552e+19, 12345.0 } },
  { "<f2", "(2, 3)", FALSE, 2, { 2, 3 }, 12,
    "\x00\x80\x00\x3e\xff\x03\x01\x00\xff\x7b\x00\x7c",
    (const double[]) { -0.0, 1.5, 6.097555160522461e-05, 5.960464477539063e-08, 65504.0,
        INFINITY } },
  { ">f2", "(2, 3)", FALSE, 2, { 2, 3 }, 12,
    "\x80\x00\x3e\x00\x03\xff\x00\x01\x7b\xff\x7c\x00",
    (const double[]) { -0.0, 1.5, 6.097555160522461e-05, 5.960464477539063e-08, 65504.0,
        INFINITY } },
  { "<f4", "(2, 3)", FALSE, 2, { 2, 3 }, 24,
      "\xcd\xcc\x8c\x3f\xe6\xb8\x02\x80\x9e\xc9\x7f\x7f\x00\x00\xc0\x7f\x00\x00\x80\xff\xcd\xcc"
      "\xcc\x3d",
    (const double[]) { 1.100000023841858, -2.500000538263333e-40, 3.3999999521443642e+38, NAN,
        -INFINITY, 0.10000000149011612 } },
  { ">f4", "(2, 3)", FALSE, 2, { 2, 3 }, 24,
      "\x3f\x8c\xcc\xcd\x80\x02\xb8\xe6\x7f\x7f\xc9\x9e\x7f\xc0\x00\x00\xff\x80\x00\x00\x3d\xcc"
      "\xcc\xcd",
    (const double[]) { 1.100000023841858, -2.500000538263333e-40, 3.3999999521443642e+38, NAN,
        -INFINITY, 0.10000000149011612 } },
  { "<f8", "(2, 3)", FALSE, 2, { 2, 3 }, 48,
      "\x9a\x99\x99\x99\x99\x99\xb9\x3f\x2b\xe6\x70\x8b\x68\x12\x00\x80\x76\x3b\x77\x30\xd1\x42"
      "\xee\x7f\x00\x00\x00\x00\x00\x00\x00\x40\x00\x00\x00\x00\x00\x00\x00\x80\x00\x00\x00\x00"
      "\x00\x00\xf8\x7f",
    (const double[]) { 0.1, -1e-310, 1.7e+308, 2.0, -0.0, NAN } },
  { ">f8", "(2, 3)", FALSE, 2, { 2, 3 }, 48,
      "\x3f\xb9\x99\x99\x99\x99\x99\x9a\x80\x00\x12\x68\x8b\x70\xe6\x2b\x7f\xee\x42\xd1\x30\x77"
      "\x3b\x76\x40\x00\x00\x00\x00\x00\x00\x00\x80\x00\x00\x00\x00\x00\x00\x00\x7f\xf8\x00\x00"
      "\x00\x00\x00\x00",
    (const double[]) { 0.1, -1e-310, 1.7e+308, 2.0, -0.0, NAN } },
  { "bfloat16", "(6,)", FALSE, 1, { 6 }, 12,
    "\x80\x3f\x20\xc0\x49\x40\x01\x00\x80\x7f\x40\x48",
    (const double[]) { 1.0, -2.5, 3.140625, 9.183549615799121e-41, INFINITY, 196608.0 } },
  { ">bfloat16", "(6,)", FALSE, 1, { 6 }, 12,
    "\x3f\x80\xc0\x20\x40\x49\x00\x01\x7f\x80\x48\x40",
    (const double[]) { 1.0, -2.5, 3.140625, 9.183549615799121e-41, INFINITY, 196608.0 } },
  { "<f4", "(2, 3, 4)", TRUE, 3, { 2, 3, 4 }, 96,
      "\x00\x00\x40\xc0\x00\x00\x40\x40\x00\x00\x80\xbf\x00\x00\xa0\x40\x00\x00\x80\x3f\x00\x00"
      "\xe0\x40\x00\x00\x20\xc0\x00\x00\x60\x40\x00\x00\x00\xbf\x00\x00\xb0\x40\x00\x00\xc0\x3f"
      "\x00\x00\xf0\x40\x00\x00\x00\xc0\x00\x00\x80\x40\x00\x00\x00\x00\x00\x00\xc0\x40\x00\x00"
      "\x00\x40\x00\x00\x00\x41\x00\x00\xc0\xbf\x00\x00\x90\x40\x00\x00\x00\x3f\x00\x00\xd0\x40"
      "\x00\x00\x20\x40\x00\x00\x08\x41",
    (const double[]) { -3.0, -2.5, -2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0,
        3.5, 4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 7.0, 7.5, 8.0, 8.5 } },
  { ">i2", "(3, 2)", TRUE, 2, { 3, 2 }, 12,
    "\xf4\x48\xfc\x18\x03\xe8\xf8\x30\x00\x00\x07\xd0",
    (const double[]) { -3000.0, -2000.0, -1000.0, 0.0, 1000.0, 2000.0 } },
  { "<f8", "(5,)", TRUE, 1, { 5 }, 40,
      "\x00\x00\x00\x00\x00\x00\xd0\x3f\x00\x00\x00\x00\x00\x00\xf4\x3f\x00\x00\x00\x00\x00\x00"
      "\x02\x40\x00\x00\x00\x00\x00\x00\x0a\x40\x00\x00\x00\x00\x00\x00\x11\x40",
    (const double[]) { 0.25, 1.25, 2.25, 3.25, 4.25 } },
  { "<f8", "()", FALSE, 0, { 0 }, 8,
    "\x00\x00\x00\x00\x00\x00\x06\x40",
    (const double[]) { 2.75 } },
  { "<f4", "(0, 3)", FALSE, 2, { 0, 3 }, 0,
    "",
    (const double[]) { 0.0 } },
};
static const char numpy_v1[] =
  "\x93\x4e\x55\x4d\x50\x59\x01\x00\x76\x00\x7b\x27\x64\x65\x73\x63\x72\x27\x3a\x20\x27\x3e"
  "\x66\x38\x27\x2c\x20\x27\x66\x6f\x72\x74\x72\x61\x6e\x5f\x6f\x72\x64\x65\x72\x27\x3a\x20"
  "\x46\x61\x6c\x73\x65\x2c\x20\x27\x73\x68\x61\x70\x65\x27\x3a\x20\x28\x32\x2c\x20\x32\x29"
  "\x2c\x20\x7d\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20"
  "\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20"
  "\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x0a\x3f\xf8\x00\x00"
  "\x00\x00\x00\x00\xc0\x00\x00\x00\x00\x00\x00\x00\x40\x08\x00\x00\x00\x00\x00\x00\x40\x11"
  "\x00\x00\x00\x00\x00\x00";
static const char numpy_v2[] =
  "\x93\x4e\x55\x4d\x50\x59\x02\x00\x74\x00\x00\x00\x7b\x27\x64\x65\x73\x63\x72\x27\x3a\x20"
  "\x27\x3e\x66\x38\x27\x2c\x20\x27\x66\x6f\x72\x74\x72\x61\x6e\x5f\x6f\x72\x64\x65\x72\x27"
  "\x3a\x20\x46\x61\x6c\x73\x65\x2c\x20\x27\x73\x68\x61\x70\x65\x27\x3a\x20\x28\x32\x2c\x20"
  "\x32\x29\x2c\x20\x7d\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20"
  "\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20"
  "\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x0a\x3f\xf8\x00\x00"
  "\x00\x00\x00\x00\xc0\x00\x00\x00\x00\x00\x00\x00\x40\x08\x00\x00\x00\x00\x00\x00\x40\x11"
  "\x00\x00\x00\x00\x00\x00";
static const char numpy_v3[] =
  "\x93\x4e\x55\x4d\x50\x59\x03\x00\x74\x00\x00\x00\x7b\x27\x64\x65\x73\x63\x72\x27\x3a\x20"
  "\x27\x3e\x66\x38\x27\x2c\x20\x27\x66\x6f\x72\x74\x72\x61\x6e\x5f\x6f\x72\x64\x65\x72\x27"
  "\x3a\x20\x46\x61\x6c\x73\x65\x2c\x20\x27\x73\x68\x61\x70\x65\x27\x3a\x20\x28\x32\x2c\x20"
  "\x32\x29\x2c\x20\x7d\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20"
  "\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20"
  "\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x0a\x3f\xf8\x00\x00"
  "\x00\x00\x00\x00\xc0\x00\x00\x00\x00\x00\x00\x00\x40\x08\x00\x00\x00\x00\x00\x00\x40\x11"
  "\x00\x00\x00\x00\x00\x00";
static const char numpy_fortran[] =
  "\x93\x4e\x55\x4d\x50\x59\x01\x00\x76\x00\x7b\x27\x64\x65\x73\x63\x72\x27\x3a\x20\x27\x3c"
  "\x69\x34\x27\x2c\x20\x27\x66\x6f\x72\x74\x72\x61\x6e\x5f\x6f\x72\x64\x65\x72\x27\x3a\x20"
  "\x54\x72\x75\x65\x2c\x20\x27\x73\x68\x61\x70\x65\x27\x3a\x20\x28\x32\x2c\x20\x33\x29\x2c"
  "\x20\x7d\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20"
  "\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20"
  "\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x0a\x01\x00\x00\x00"
  "\x04\x00\x00\x00\x02\x00\x00\x00\x05\x00\x00\x00\x03\x00\x00\x00\x06\x00\x00\x00";

static const MetricCase metric_cases[] = {
  { "plain", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 4 }, 1, { 4 },
    (const double[]) { 1.0, 2.0, 3.0, 4.0 },
    (const double[]) { 1.001, 2.0, 2.9, 4.5 },
    { "0.997567680984", "0.5099029319390114", "0.5", "0.111111111111", "0.5", "0.5" } },
  { "matrix", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    2, { 2, 3 }, 2, { 2, 3 },
    (const double[]) { 0.5, -1.25, 3.0, 7.0, 0.001, -2.0 },
    (const double[]) { 0.5004, -1.25, 3.01, 7.02, 0.001001, -2.0 },
    { "1.0", "0.022364257219947607", "0.02", "0.003322259136", "0.666666666667", "1.0" } },
  { "float32 thresholds", MSVIS_NPY_FLOAT32, MSVIS_NPY_FLOAT32,
    1, { 6 }, 1, { 6 },
    (const double[]) { 1.001099944114685, 1.0010000467300415, 1.0048999786376953,
        1.0050100088119507, 3.0, 0.0 },
    (const double[]) { 1.0, 1.0, 1.0, 1.0, 3.0, 0.0 },
    { "0.999998", "0.007163794348206187", "0.005010008812", "0.005010008812", "0.333333333333",
        "0.833333333333" } },
  { "float16 zero bench", MSVIS_NPY_FLOAT16, MSVIS_NPY_FLOAT16,
    1, { 4 }, 1, { 4 },
    (const double[]) { 1.0, 0.0, 3.0, 2.0 },
    (const double[]) { 0.0, 0.0, 3.001953125, 2.0 },
    { "0.963624068196", "1.0000019073468138", "1.0", "Nan", "0.5", "0.5" } },
  { "float16 no zeros", MSVIS_NPY_FLOAT16, MSVIS_NPY_FLOAT16,
    1, { 4 }, 1, { 4 },
    (const double[]) { 1.0, 0.5, 3.0, 2.001953125 },
    (const double[]) { 1.0009765625, 0.5, 3.001953125, 2.0 },
    { "1.0", "0.0029296875", "0.001953125", "0.0009765625", "1.0", "1.0" } },
  { "float64 zero bench", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 4 }, 1, { 4 },
    (const double[]) { 1e-17, 0.0, 2.0, 1.0 },
    (const double[]) { 0.0, 0.0, 2.0, 1.0 },
    { "1.0", "1e-17", "0.0", "0.045035996274", "0.75", "0.75" } },
  { "float32 zero bench", MSVIS_NPY_FLOAT32, MSVIS_NPY_FLOAT32,
    1, { 4 }, 1, { 4 },
    (const double[]) { 9.99999983775159e-18, 0.0, 2.0, 3.0000001167615996e-16 },
    (const double[]) { 0.0, 0.0, 2.0, 0.0 },
    { "1.0", "3.00166632060346e-16", "0.0", "1.351079940796", "0.5", "0.5" } },
  { "int bench", MSVIS_NPY_INT32, MSVIS_NPY_INT32,
    1, { 4 }, 1, { 4 },
    (const double[]) { 1.0, 2.0, 0.0, 7.0 },
    (const double[]) { 1.0, 3.0, 0.0, 7.0 },
    { "0.992122139778", "1.0", "1.0", "0.333333333333", "0.75", "0.75" } },
  { "bool", MSVIS_NPY_BOOL, MSVIS_NPY_BOOL,
    1, { 3 }, 1, { 3 },
    (const double[]) { 1.0, 0.0, 1.0 },
    (const double[]) { 1.0, 1.0, 1.0 },
    { "0.816496580928", "1.0", "1.0", "1.0", "0.666666666667", "0.666666666667" } },
  { "inf nan equal", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 5 }, 1, { 5 },
    (const double[]) { 1.0, INFINITY, NAN, 2.0, -INFINITY },
    (const double[]) { 1.5, -INFINITY, NAN, 2.0, INFINITY },
    { "0.9838699101", "0.5", "0.5", "0.333333333333", "0.8", "0.8" } },
  { "inf unequal", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 3 }, 1, { 3 },
    (const double[]) { 1.0, INFINITY, 2.0 },
    (const double[]) { 1.0, 3.0, 2.0 },
    { "N/A", "N/A", "N/A", "N/A", "N/A", "N/A" } },
  { "nan vs inf", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 3 }, 1, { 3 },
    (const double[]) { 1.0, NAN, 2.0 },
    (const double[]) { 1.0, INFINITY, 2.0 },
    { "N/A", "N/A", "N/A", "N/A", "N/A", "N/A" } },
  { "0-d", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    0, { 0 }, 0, { 0 },
    (const double[]) { 3.0 },
    (const double[]) { 2.5 },
    { "unsupported", "unsupported", "0.5", "0.2", "unsupported", "unsupported" } },
  { "0-d float32", MSVIS_NPY_FLOAT32, MSVIS_NPY_FLOAT32,
    0, { 0 }, 0, { 0 },
    (const double[]) { 1.100000023841858 },
    (const double[]) { 1.2999999523162842 },
    { "unsupported", "unsupported", "0.199999928474", "0.153846099973", "unsupported",
        "unsupported" } },
  { "0-d zero bench", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    0, { 0 }, 0, { 0 },
    (const double[]) { 1.0 },
    (const double[]) { 0.0 },
    { "unsupported", "unsupported", "1.0", "4503599627370496.0", "unsupported", "unsupported" } },
  { "0-d nan", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    0, { 0 }, 0, { 0 },
    (const double[]) { NAN },
    (const double[]) { NAN },
    { "unsupported", "unsupported", "Nan", "Nan", "unsupported", "unsupported" } },
  { "0-d broadcast", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    0, { 0 }, 1, { 3 },
    (const double[]) { 2.0 },
    (const double[]) { 2.0, 2.5, 1.0 },
    { "unsupported", "unsupported", "unsupported", "unsupported", "unsupported", "unsupported" } },
  { "length 1", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 1 }, 1, { 1 },
    (const double[]) { 2.0 },
    (const double[]) { 2.5 },
    { "unsupported", "0.5", "0.5", "0.2", "0.0", "0.0" } },
  { "length 1 2-d", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    2, { 1, 1 }, 2, { 1, 1 },
    (const double[]) { 2.0 },
    (const double[]) { 2.0 },
    { "unsupported", "0.0", "0.0", "0.0", "1.0", "1.0" } },
  { "shape mismatch", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    2, { 2, 3 }, 2, { 3, 2 },
    (const double[]) { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 },
    (const double[]) { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 },
    { "shape unmatched", "shape unmatched", "shape unmatched", "shape unmatched",
        "shape unmatched", "shape unmatched" } },
  { "ndim mismatch", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 6 }, 2, { 6, 1 },
    (const double[]) { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 },
    (const double[]) { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 },
    { "shape unmatched", "shape unmatched", "shape unmatched", "shape unmatched",
        "shape unmatched", "shape unmatched" } },
  { "empty", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 0 }, 1, { 0 },
    (const double[]) { 0 },
    (const double[]) { 0 },
    { "unsupported", "unsupported", "unsupported", "unsupported", "unsupported", "unsupported" } },
  { "empty 2-d", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    2, { 2, 0 }, 1, { 3 },
    (const double[]) { 0 },
    (const double[]) { 0.0, 0.0, 0.0 },
    { "unsupported", "unsupported", "unsupported", "unsupported", "unsupported", "unsupported" } },
  { "both zero", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 3 }, 1, { 3 },
    (const double[]) { 0.0, 0.0, 0.0 },
    (const double[]) { 0.0, 0.0, 0.0 },
    { "1.0", "0.0", "0.0", "0.0", "1.0", "1.0" } },
  { "npu zero", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 3 }, 1, { 3 },
    (const double[]) { 0.0, 0.0, 0.0 },
    (const double[]) { 1.0, 0.0, 0.0 },
    { "Nan", "1.0", "1.0", "1.0", "0.666666666667", "0.666666666667" } },
  { "bench zero", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 3 }, 1, { 3 },
    (const double[]) { 0.0, 0.001, 0.0 },
    (const double[]) { 0.0, 0.0, 0.0 },
    { "Nan", "0.001", "0.001", "4503599627370.496", "0.666666666667", "0.666666666667" } },
  { "both tiny", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 2 }, 1, { 2 },
    (const double[]) { 1e-17, 2e-17 },
    (const double[]) { 1e-17, -3e-17 },
    { "1.0", "5e-17", "0.0", "1.666666666667", "0.5", "0.5" } },
  { "tiny npu", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 2 }, 1, { 2 },
    (const double[]) { 1e-17, 2e-17 },
    (const double[]) { 1.0, 2.0 },
    { "Nan", "2.23606797749979", "2.0", "1.0", "0.0", "0.0" } },
  { "cosine rounded", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 3 }, 1, { 3 },
    (const double[]) { 1.0, 2.0, 3.0 },
    (const double[]) { 1.0, 2.0, 3.0001 },
    { "1.0", "0.00010000000000021103", "0.0001", "3.3332222e-05", "1.0", "1.0" } },
  { "cosine negative", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 3 }, 1, { 3 },
    (const double[]) { 1.0, 2.0, 3.0 },
    (const double[]) { -1.0, -2.0, -3.5 },
    { "-0.997408650736", "7.88986691902975", "6.5", "2.0", "0.0", "0.0" } },
  { "overflow", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 2 }, 1, { 2 },
    (const double[]) { 1e+200, 1e+200 },
    (const double[]) { 1e+200, 1e+200 },
    { "Nan", "0.0", "0.0", "0.0", "1.0", "1.0" } },
  { "overflow diff", MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT64,
    1, { 2 }, 1, { 2 },
    (const double[]) { 1e+308, -1e+308 },
    (const double[]) { -1e+308, 1e+308 },
    { "Nan", "inf", "inf", "inf", "0.0", "0.0" } },
};

/* A .npy file of format @major.0 with @header padded as numpy pads it, then @data. */
static char *
write_npy (const char *dir,
           const char *name,
           guint       major,
           const char *header,
           const char *data,
           gsize       data_length)
{
  g_autoptr(GString) file = g_string_new_len ("\x93NUMPY", 6);
  gsize preamble = major == 1 ? 10 : 12, length = strlen (header) + 1;

  length += (64 - (preamble + length) % 64) % 64;
  g_string_append_c (file, (char)major);
  g_string_append_c (file, 0);
  g_string_append_c (file, (char)(length & 0xff));
  g_string_append_c (file, (char)(length >> 8));
  if (major > 1)
    g_string_append_len (file, "\0\0", 2);
  g_string_append (file, header);
  while (file->len < preamble + length - 1)
    g_string_append_c (file, ' ');
  g_string_append_c (file, '\n');
  g_string_append_len (file, data, data_length);
  msvis_test_write (dir, name, file->str, file->len);
  return g_build_filename (dir, name, NULL);
}

static void
assert_same_double (double actual,
                    double expected)
{
  if (isnan (expected))
    g_assert_true (isnan (actual));
  else
    g_assert_cmpmem (&actual, sizeof actual, &expected, sizeof expected);
}

static void
check_case (const NpyCase *c,
            const char    *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisNpy) npy = msvis_npy_open (path, &error);
  g_autofree double *values = NULL;
  double buffer[24];
  guint64 n = 1;

  g_test_message ("%s %s", c->descr, c->shape_text);
  g_assert_no_error (error);
  g_assert_cmpuint (msvis_npy_get_ndim (npy), ==, c->ndim);
  for (guint i = 0; i < c->ndim; i++)
    {
      g_assert_cmpuint (msvis_npy_get_shape (npy)[i], ==, c->shape[i]);
      n *= c->shape[i];
    }
  g_assert_cmpuint (msvis_npy_get_n_elements (npy), ==, n);
  g_assert_cmpint (msvis_npy_get_fortran_order (npy), ==, c->fortran);
  g_assert_cmpint (msvis_npy_get_big_endian (npy), ==, c->descr[0] == '>');
  g_assert_cmpuint (n * msvis_npy_dtype_size (msvis_npy_get_dtype (npy)), ==, c->data_length);

  values = msvis_npy_to_doubles (npy, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (values);
  g_assert_true (msvis_npy_to_doubles (npy, buffer, &error) == buffer);
  for (guint64 i = 0; i < n; i++)
    {
      assert_same_double (values[i], c->expected[i]);
      assert_same_double (buffer[i], c->expected[i]);
    }
}

/* Every dtype, both byte orders, both memory orders, 0-d and empty, in format 1.0, 2.0 and
 * 3.0, with the keys in numpy's order and in another. */
static void
test_npy_dtypes (void)
{
  g_autofree char *dir = msvis_test_make_dir ();

  for (guint i = 0; i < G_N_ELEMENTS (npy_cases); i++)
    for (guint major = 1; major <= 3; major++)
      {
        const NpyCase *c = &npy_cases[i];
        g_autofree char *header = NULL, *path = NULL;

        if (major == 2)
          header = g_strdup_printf ("{ \"shape\" : %s ,'fortran_order':%s,\n'descr':'%s'}",
                                    c->shape_text, c->fortran ? "True" : "False", c->descr);
        else
          header = g_strdup_printf ("{'descr': '%s', 'fortran_order': %s, 'shape': %s, }",
                                    c->descr, c->fortran ? "True" : "False", c->shape_text);
        path = write_npy (dir, "a.npy", major, header, c->data, c->data_length);
        check_case (c, path);
      }
  msvis_test_remove_tree (dir);
}

static void
test_npy_dtype_names (void)
{
  static const struct { const char *descr; MsvisNpyDtype dtype; } names[] = {
    { "|b1", MSVIS_NPY_BOOL }, { "|i1", MSVIS_NPY_INT8 }, { "<i2", MSVIS_NPY_INT16 },
    { ">i4", MSVIS_NPY_INT32 }, { "<i8", MSVIS_NPY_INT64 }, { "|u1", MSVIS_NPY_UINT8 },
    { ">u2", MSVIS_NPY_UINT16 }, { "<u4", MSVIS_NPY_UINT32 }, { "<u8", MSVIS_NPY_UINT64 },
    { "<f2", MSVIS_NPY_FLOAT16 }, { "bfloat16", MSVIS_NPY_BFLOAT16 },
    { "<f4", MSVIS_NPY_FLOAT32 }, { ">f8", MSVIS_NPY_FLOAT64 },
  };
  g_autofree char *dir = msvis_test_make_dir ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *header = g_strdup_printf ("{'descr': '%s', 'fortran_order': False, "
                                                 "'shape': (), }", names[i].descr);
      static const char zeros[8] = { 0 };
      g_autoptr(GError) error = NULL;
      g_autofree char *path = write_npy (dir, "n.npy", 1, header, zeros,
                                         msvis_npy_dtype_size (names[i].dtype));
      g_autoptr(MsvisNpy) npy = msvis_npy_open (path, &error);

      g_assert_no_error (error);
      g_assert_cmpint (msvis_npy_get_dtype (npy), ==, names[i].dtype);
    }
  g_assert_cmpstr (msvis_npy_dtype_name (MSVIS_NPY_BFLOAT16), ==, "bfloat16");
  g_assert_cmpstr (msvis_npy_dtype_name (MSVIS_NPY_UINT16), ==, "uint16");
  msvis_test_remove_tree (dir);
}

/* Files exactly as numpy writes them. */
static void
test_npy_numpy_files (void)
{
  static const double big[] = { 1.5, -2, 3, 4.25 }, fortran[] = { 1, 2, 3, 4, 5, 6 };
  const char *files[] = { numpy_v1, numpy_v2, numpy_v3 };
  gsize lengths[] = { sizeof numpy_v1 - 1, sizeof numpy_v2 - 1, sizeof numpy_v3 - 1 };
  g_autofree char *dir = msvis_test_make_dir ();

  for (guint i = 0; i <= G_N_ELEMENTS (files); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MsvisNpy) npy = NULL;
      g_autofree double *values = NULL;
      g_autofree char *path = g_build_filename (dir, "f.npy", NULL);
      gboolean is_fortran = i == G_N_ELEMENTS (files);

      if (is_fortran)
        msvis_test_write (dir, "f.npy", numpy_fortran, sizeof numpy_fortran - 1);
      else
        msvis_test_write (dir, "f.npy", files[i], lengths[i]);
      npy = msvis_npy_open (path, &error);
      g_assert_no_error (error);
      g_assert_cmpint (msvis_npy_get_dtype (npy), ==,
                       is_fortran ? MSVIS_NPY_INT32 : MSVIS_NPY_FLOAT64);
      g_assert_cmpint (msvis_npy_get_fortran_order (npy), ==, is_fortran);
      values = msvis_npy_to_doubles (npy, NULL, &error);
      g_assert_no_error (error);
      for (guint k = 0; k < (is_fortran ? 6 : 4); k++)
        g_assert_cmpfloat (values[k], ==, is_fortran ? fortran[k] : big[k]);
    }
  msvis_test_remove_tree (dir);
}

#define F4_23 "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"

/* A broken file gives an error with the file's name, and never a crash. */
static void
expect_broken (const char *dir,
               const char *contents,
               gsize       length,
               GQuark      domain,
               int         code)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, "broken.npy", NULL);
  g_autoptr(MsvisNpy) npy = NULL;

  msvis_test_write (dir, "broken.npy", contents, length);
  npy = msvis_npy_open (path, &error);
  g_assert_null (npy);
  g_assert_error (error, domain, code);
  g_assert_nonnull (strstr (error->message, "broken.npy"));
}

static void
expect_bad_header (const char *dir,
                   guint       major,
                   const char *header,
                   gsize       data_length,
                   int         code)
{
  static const char data[64] = { 0 };
  g_autofree char *path = write_npy (dir, "broken.npy", major, header, data, data_length);
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  expect_broken (dir, contents, length, MSVIS_READER_ERROR, code);
}

static void
test_npy_broken (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *missing = g_build_filename (dir, "missing.npy", NULL);
  g_autofree char *long_header = NULL;
  g_autoptr(GString) huge = g_string_new ("\x93NUMPY\x02\x00\x20\x4e\x00\x00");
  g_autoptr(GError) error = NULL;

  g_assert_null (msvis_npy_open (missing, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);

  expect_broken (dir, "", 0, MSVIS_READER_ERROR, MSVIS_READER_ERROR_SYNTAX);
  expect_broken (dir, "\x93NUMPX\x01\x00\x10\x00{}", 12, MSVIS_READER_ERROR,
                 MSVIS_READER_ERROR_SYNTAX);
  expect_broken (dir, "\x93NUMPY\x04\x00\x10\x00{}", 12, MSVIS_READER_ERROR,
                 MSVIS_READER_ERROR_INVALID_VALUE);
  expect_broken (dir, "\x93NUMPY\x01\x01\x10\x00{}", 12, MSVIS_READER_ERROR,
                 MSVIS_READER_ERROR_INVALID_VALUE);
  expect_broken (dir, "\x93NUMPY\x02\x00\x10", 9, MSVIS_READER_ERROR,
                 MSVIS_READER_ERROR_TRUNCATED);
  expect_broken (dir, "\x93NUMPY\x01\x00\x40\x00{'descr'", 17, MSVIS_READER_ERROR,
                 MSVIS_READER_ERROR_TRUNCATED);
  /* A header of 20000 bytes that is there: refused as numpy refuses it. */
  while (huge->len < 12 + 20000)
    g_string_append_c (huge, ' ');
  expect_broken (dir, huge->str, huge->len, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE);

  expect_bad_header (dir, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), "
                     "'x\xc3\xa9': 1}", 24, MSVIS_READER_ERROR_ENCODING);
  expect_bad_header (dir, 3, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), "
                     "'x\xc3\xa9': 1}", 24, MSVIS_READER_ERROR_ENCODING);
  /* Lying headers: too little data, too much, more than 2^64 bytes. */
  expect_bad_header (dir, 1, F4_23, 20, MSVIS_READER_ERROR_TRUNCATED);
  expect_bad_header (dir, 1, F4_23, 28, MSVIS_READER_ERROR_INVALID_VALUE);
  expect_bad_header (dir, 1, "{'descr': '<f4', 'fortran_order': False, "
                     "'shape': (4294967296, 4294967296), }", 24, MSVIS_READER_ERROR_TRUNCATED);
  expect_bad_header (dir, 2, "{'descr': '<f8', 'fortran_order': False, 'shape': (), }", 4,
                     MSVIS_READER_ERROR_TRUNCATED);
  /* Types that are not numbers. */
  expect_bad_header (dir, 1, "{'descr': '<V2', 'fortran_order': False, 'shape': (3,), }", 6,
                     MSVIS_READER_ERROR_INVALID_VALUE);
  expect_bad_header (dir, 1, "{'descr': '|O', 'fortran_order': False, 'shape': (3,), }", 24,
                     MSVIS_READER_ERROR_INVALID_VALUE);
  expect_bad_header (dir, 1, "{'descr': [('a', '<f4')], 'fortran_order': False, "
                     "'shape': (1,), }", 4, MSVIS_READER_ERROR_INVALID_VALUE);
  expect_bad_header (dir, 1, "{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", 8,
                     MSVIS_READER_ERROR_INVALID_VALUE);
  /* Dicts np.load refuses. */
  expect_bad_header (dir, 1, "{'descr': '<f4', 'shape': (2, 3), }", 24,
                     MSVIS_READER_ERROR_SYNTAX);
  expect_bad_header (dir, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), "
                     "'extra': 1}", 24, MSVIS_READER_ERROR_SYNTAX);
  expect_bad_header (dir, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (6), }", 24,
                     MSVIS_READER_ERROR_SYNTAX);
  expect_bad_header (dir, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (-6,), }", 24,
                     MSVIS_READER_ERROR_SYNTAX);
  expect_bad_header (dir, 1, "{'descr': '<f4', 'fortran_order': 0, 'shape': (6,), }", 24,
                     MSVIS_READER_ERROR_SYNTAX);
  expect_bad_header (dir, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': [6], }", 24,
                     MSVIS_READER_ERROR_SYNTAX);
  expect_bad_header (dir, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (6,)} x", 24,
                     MSVIS_READER_ERROR_SYNTAX);
  expect_bad_header (dir, 1, "{'descr': '<f4, 'fortran_order': False, 'shape': (6,)}", 24,
                     MSVIS_READER_ERROR_INVALID_VALUE);
  expect_bad_header (dir, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (6,), 'x}", 24,
                     MSVIS_READER_ERROR_SYNTAX);
  expect_bad_header (dir, 1, "{'descr': '<f4' 'fortran_order': False, 'shape': (6,)}", 24,
                     MSVIS_READER_ERROR_SYNTAX);
  expect_bad_header (dir, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (6,)", 24,
                     MSVIS_READER_ERROR_SYNTAX);
  expect_bad_header (dir, 1, "", 24, MSVIS_READER_ERROR_SYNTAX);
  long_header = g_strdup_printf ("{'descr': '<f4', 'fortran_order': False, 'shape': (%s1,), }",
                                 "1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, "
                                 "1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, "
                                 "1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, "
                                 "1, 1, 1, 1, 1, ");
  expect_bad_header (dir, 2, long_header, 4, MSVIS_READER_ERROR_SYNTAX);
  msvis_test_remove_tree (dir);
}

static void
check_metrics (const char               *name,
               const MsvisTensorMetrics *m,
               const char *const        *expected)
{
  for (guint k = 0; k < MSVIS_N_METRICS; k++)
    {
      const MsvisMetricValue *v = &m->metric[k];

      g_test_message ("%s, metric %u: expected %s", name, k, expected[k]);
      if (g_ascii_isdigit (expected[k][0]) || expected[k][0] == '-' || expected[k][0] == 'i')
        {
          double want = strcmp (expected[k], "inf") == 0 ? INFINITY
                                                        : g_ascii_strtod (expected[k], NULL);

          g_assert_cmpint (v->kind, ==, MSVIS_METRIC_NUMBER);
          assert_same_double (v->value, want);
          if (k == MSVIS_METRIC_EUC_DIST)
            g_assert_false (v->formatted);
          else if (k != MSVIS_METRIC_COSINE)
            g_assert_true (v->formatted);
        }
      else
        {
          g_assert_cmpint (v->kind, !=, MSVIS_METRIC_NUMBER);
          g_assert_cmpstr (msvis_metric_kind_to_string (v->kind), ==, expected[k]);
        }
    }
}

/* Every check and metric against msprobe's npy_compare.py on the same arrays. */
static void
test_metrics_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (metric_cases); i++)
    {
      const MetricCase *c = &metric_cases[i];
      MsvisTensorData npu = { c->npu, c->npu_shape, c->npu_ndim };
      MsvisTensorData bench = { c->bench, c->bench_shape, c->bench_ndim };
      MsvisTensorMetrics m;

      memset (&m, 0xa5, sizeof m);
      msvis_tensor_metrics_compute (&m, &npu, &bench,
                                    msvis_tensor_arith_for (c->npu_dtype, c->bench_dtype));
      check_metrics (c->name, &m, c->expected);
    }
}

/* 1000 values, beyond one pairwise block, in float64 and float32. EucDist may differ from
 * numpy's BLAS in the last bits (see msvis-tensor-metrics.c); everything else is exact. */
static void
test_metrics_large (void)
{
  static const char *const expected64[] = {
    "1.0", "0.018257875013264684", "0.001", "0.003341125949", "0.96", "1.0" };
  static const char *const expected32[] = {
    "1.0", "0.018257740823776746", "0.001000404358", "0.003341168631", "0.96", "1.0" };
  double x[1000], y[1000], x32[1000], y32[1000];
  guint64 shape[] = { 1000 };
  MsvisTensorData npu = { x, shape, 1 }, bench = { y, shape, 1 };
  MsvisTensorMetrics m;

  for (guint i = 0; i < 1000; i++)
    {
      x[i] = ((double)((i * 7919) % 1000) - 500) / 37.0;
      y[i] = x[i] + ((double)((i * 104729) % 200) - 100) / 1e5;
      x32[i] = (float)x[i];
      y32[i] = (float)y[i];
    }
  msvis_tensor_metrics_compute (&m, &npu, &bench, MSVIS_TENSOR_ARITH_FLOAT64);
  g_assert_cmpfloat_with_epsilon (m.metric[MSVIS_METRIC_EUC_DIST].value,
                                  0.018257875013264684, 1e-16);
  m.metric[MSVIS_METRIC_EUC_DIST].value = 0.018257875013264684;
  check_metrics ("large", &m, expected64);
  g_assert_cmpfloat_with_epsilon (msvis_tensor_dot (x, y, 1000), 60871.7389663988, 1e-10);

  npu.values = x32;
  bench.values = y32;
  msvis_tensor_metrics_compute (&m, &npu, &bench, MSVIS_TENSOR_ARITH_FLOAT32);
  g_assert_cmpfloat_with_epsilon (m.metric[MSVIS_METRIC_EUC_DIST].value,
                                  0.018257740823776746, 1e-16);
  m.metric[MSVIS_METRIC_EUC_DIST].value = 0.018257740823776746;
  check_metrics ("large float32", &m, expected32);
}

static void
test_metrics_arith (void)
{
  g_assert_cmpint (msvis_tensor_arith_for (MSVIS_NPY_FLOAT16, MSVIS_NPY_FLOAT16), ==,
                   MSVIS_TENSOR_ARITH_FLOAT16);
  g_assert_cmpint (msvis_tensor_arith_for (MSVIS_NPY_FLOAT16, MSVIS_NPY_FLOAT32), ==,
                   MSVIS_TENSOR_ARITH_FLOAT32);
  g_assert_cmpint (msvis_tensor_arith_for (MSVIS_NPY_FLOAT64, MSVIS_NPY_FLOAT16), ==,
                   MSVIS_TENSOR_ARITH_FLOAT64);
  g_assert_cmpint (msvis_tensor_arith_for (MSVIS_NPY_FLOAT32, MSVIS_NPY_INT32), ==,
                   MSVIS_TENSOR_ARITH_FLOAT64);
  g_assert_cmpint (msvis_tensor_arith_for (MSVIS_NPY_FLOAT32, MSVIS_NPY_BFLOAT16), ==,
                   MSVIS_TENSOR_ARITH_FLOAT64);
  g_assert_cmpfloat (msvis_py_fmt12 (0.1234567890126), ==, 0.123456789013);
  g_assert_cmpfloat (msvis_py_fmt12 (1e300), ==, 1e300);
  g_assert_cmpfloat (msvis_py_fmt12 (-2.5e-13), ==, -0.0);
}

/* A source that fails half way gives an error, and no metrics. */
static const double *
pull_failing (gpointer   source,
              double    *scratch,
              gsize      count,
              GError   **error)
{
  guint *calls = source;

  if (++*calls > 2)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "broken.pt: ends early");
      return NULL;
    }
  for (gsize i = 0; i < count; i++)
    scratch[i] = (double)i;
  return scratch;
}

static void
test_metrics_stream_failure (void)
{
  static const guint64 shape[] = { 1000 };
  guint calls_n = 0, calls_b = 0;
  MsvisTensorStream npu = { pull_failing, &calls_n, shape, 1 };
  MsvisTensorStream bench = { pull_failing, &calls_b, shape, 1 };
  g_autoptr(GError) error = NULL;
  MsvisTensorMetrics m;

  g_assert_false (msvis_tensor_metrics_compute_stream (&m, &npu, &bench,
                                                       MSVIS_TENSOR_ARITH_FLOAT64, NULL,
                                                       &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_cmpuint (calls_n, ==, 3);   /* nothing is pulled after the failure */
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/npy/dtypes", test_npy_dtypes);
  g_test_add_func ("/npy/dtype-names", test_npy_dtype_names);
  g_test_add_func ("/npy/numpy-files", test_npy_numpy_files);
  g_test_add_func ("/npy/broken", test_npy_broken);
  g_test_add_func ("/metrics/cases", test_metrics_cases);
  g_test_add_func ("/metrics/large", test_metrics_large);
  g_test_add_func ("/metrics/arith", test_metrics_arith);
  g_test_add_func ("/metrics/stream-failure", test_metrics_stream_failure);
  return g_test_run ();
}
