// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <gio/gio.h>
#include <math.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include "msvis-pt.h"
#include "msvis-reader-error.h"
#include "msvis-test-util.h"

/* .pt files made here as torch.save makes them (a stored zip of data.pkl, byteorder and
 * data/<key>), with pickles written opcode by opcode as pickletools shows torch's, and then
 * broken in every way the reader must survive. */

typedef struct
{
  const char    *storage;        /* torch's storage class */
  const guint64 *size;
  const guint64 *stride;
  guint          ndim;
  guint64        offset;
  guint64        numel;          /* of the storage */
  gboolean       protocol4;      /* FRAME, STACK_GLOBAL, MEMOIZE, short strings */
  gboolean       parameter;      /* wrapped in _rebuild_parameter */
} PickleSpec;

static void
put_str (GString    *p,
         const char *s,
         gboolean    short_form)
{
  guint32 n = strlen (s);

  if (short_form)
    {
      g_string_append_c (p, (char)0x8c);
      g_string_append_c (p, (char)n);
    }
  else
    {
      g_string_append_c (p, 'X');
      g_string_append_len (p, (const char *)&(guint32) { GUINT32_TO_LE (n) }, 4);
    }
  g_string_append (p, s);
}

static void
put_int (GString *p,
         guint64  v)
{
  if (v < 256)
    {
      g_string_append_c (p, 'K');
      g_string_append_c (p, (char)v);
    }
  else if (v < 65536)
    {
      g_string_append_c (p, 'M');
      g_string_append_c (p, (char)(v & 0xff));
      g_string_append_c (p, (char)(v >> 8));
    }
  else
    {
      g_string_append_c (p, (char)0x8a);   /* LONG1 */
      g_string_append_c (p, 8);
      for (guint k = 0; k < 8; k++)
        g_string_append_c (p, (char)(v >> (8 * k)));
    }
}

static void
put_global (GString    *p,
            const char *module,
            const char *name,
            gboolean    protocol4)
{
  if (protocol4)
    {
      put_str (p, module, TRUE);
      g_string_append_c (p, (char)0x94);   /* MEMOIZE */
      put_str (p, name, TRUE);
      g_string_append_c (p, (char)0x94);
      g_string_append_c (p, (char)0x93);   /* STACK_GLOBAL */
      g_string_append_c (p, (char)0x94);
    }
  else
    g_string_append_printf (p, "c%s\n%s\n", module, name);
}

static void
put_tuple (GString       *p,
           const guint64 *values,
           guint          n)
{
  g_string_append_c (p, '(');
  for (guint k = 0; k < n; k++)
    put_int (p, values[k]);
  g_string_append_c (p, 't');
}

static GString *
pickle_tensor (const PickleSpec *spec)
{
  GString *p = g_string_new (NULL);
  gboolean p4 = spec->protocol4;

  g_string_append_len (p, p4 ? "\x80\x04" : "\x80\x02", 2);
  if (p4)
    g_string_append_len (p, "\x95\x00\x00\x00\x00\x00\x00\x00\x00", 9);   /* FRAME */
  if (spec->parameter)
    put_global (p, "torch._utils", "_rebuild_parameter", p4);
  put_global (p, "torch._utils", "_rebuild_tensor_v2", p4);
  g_string_append_len (p, "q\x00((", 4);   /* BINPUT 0, MARK, MARK */
  put_str (p, "storage", p4);
  put_global (p, "torch", spec->storage, p4);
  put_str (p, "0", p4);
  put_str (p, "cpu", p4);
  put_int (p, spec->numel);
  g_string_append (p, "tQ");                /* TUPLE, BINPERSID */
  put_int (p, spec->offset);
  put_tuple (p, spec->size, spec->ndim);
  put_tuple (p, spec->stride, spec->ndim);
  g_string_append_c (p, (char)0x89);        /* NEWFALSE */
  put_global (p, "collections", "OrderedDict", p4);
  g_string_append (p, ")Rt");               /* EMPTY_TUPLE, REDUCE, TUPLE */
  g_string_append_c (p, 'R');
  if (spec->parameter)
    {
      /* _rebuild_parameter (tensor, True, OrderedDict ()), then its state */
      g_string_append_c (p, (char)0x88);    /* NEWTRUE */
      put_global (p, "collections", "OrderedDict", p4);
      g_string_append (p, ")R");
      g_string_append_c (p, (char)0x87);    /* TUPLE3 */
      g_string_append (p, "R}b");           /* REDUCE, EMPTY_DICT, BUILD */
    }
  g_string_append_c (p, '.');
  return p;
}

typedef struct
{
  const char   *name;
  const void   *data;
  gsize         length;
  gboolean      deflate;
} Record;

/* A zip with @records under the folder "archive", written as torch.save writes it. */
static char *
write_zip (const char   *dir,
           const char   *file_name,
           const Record *records,
           guint         n_records)
{
  g_autofree char *path = g_build_filename (dir, file_name, NULL);
  int err = 0;
  zip_t *zip = zip_open (path, ZIP_CREATE | ZIP_TRUNCATE, &err);

  g_assert_nonnull (zip);
  for (guint k = 0; k < n_records; k++)
    {
      g_autofree char *name = g_strdup_printf ("archive/%s", records[k].name);
      zip_source_t *source = zip_source_buffer (zip, records[k].data, records[k].length, 0);
      zip_int64_t index = zip_file_add (zip, name, source, 0);

      g_assert_cmpint (index, >=, 0);
      g_assert_cmpint (zip_set_file_compression (zip, index, records[k].deflate
                                                 ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 0), ==, 0);
    }
  g_assert_cmpint (zip_close (zip), ==, 0);
  return g_steal_pointer (&path);
}

static char *
write_pt (const char       *dir,
          const PickleSpec *spec,
          const void       *storage,
          gsize             storage_length,
          const char       *byteorder)
{
  g_autoptr(GString) pickle = pickle_tensor (spec);
  Record records[] = {
    { "data.pkl", pickle->str, pickle->len },
    { "byteorder", byteorder, byteorder ? strlen (byteorder) : 0 },
    { "data/0", storage, storage_length },
    { "version", "3\n", 2 },
  };

  if (byteorder == NULL)   /* torch before 1.11 */
    {
      records[1] = records[2];
      records[2] = records[3];
      return write_zip (dir, "t.pt", records, 3);
    }
  return write_zip (dir, "t.pt", records, 4);
}

static MsvisPt *
open_ok (const char *path)
{
  g_autoptr(GError) error = NULL;
  MsvisPt *pt = msvis_pt_open (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (pt);
  return pt;
}

static void
assert_values (MsvisPt      *pt,
               const double *expected,
               guint64       n)
{
  g_autoptr(GError) error = NULL;
  g_autofree double *values = NULL;

  g_assert_cmpuint (msvis_pt_get_n_elements (pt), ==, n);
  values = msvis_pt_to_doubles (pt, NULL, &error);
  g_assert_no_error (error);
  for (guint64 k = 0; k < n; k++)
    if (isnan (expected[k]))
      g_assert_true (isnan (values[k]));
    else
      g_assert_cmpfloat (values[k], ==, expected[k]);

  /* Read a block at a time, they are the same values, and there is no value beyond them. */
  {
    g_autofree double *read = g_new (double, n + 1);

    g_assert_true (msvis_pt_read_values (pt, read, n, &error));
    g_assert_no_error (error);
    g_assert_cmpmem (read, n * sizeof (double), values, n * sizeof (double));
    g_assert_false (msvis_pt_read_values (pt, read, 1, &error));
    g_assert_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_TRUNCATED);
  }
}

/* Every storage class msprobe dumps, read as tensor.numpy().astype(float) gives it. */
static void
test_pt_dtypes (void)
{
  static const struct
  {
    const char    *storage;
    MsvisNpyDtype  dtype;
    gsize          length;
    const char    *bytes;
    double         expected[3];
  } cases[] = {
    { "FloatStorage", MSVIS_NPY_FLOAT32, 12, "\x00\x00\xc0\x3f\x00\x00\x80\xff\xcd\xcc\xcc\x3d",
      { 1.5, -INFINITY, 0.10000000149011612 } },
    { "DoubleStorage", MSVIS_NPY_FLOAT64, 24,
      "\x9a\x99\x99\x99\x99\x99\xb9\x3f\x00\x00\x00\x00\x00\x00\x00\xc0"
      "\x00\x00\x00\x00\x00\x00\xf8\x7f", { 0.1, -2.0, NAN } },
    { "HalfStorage", MSVIS_NPY_FLOAT16, 6, "\x00\x3e\x01\x00\x00\xfc",
      { 1.5, 5.960464477539063e-08, -INFINITY } },
    { "BFloat16Storage", MSVIS_NPY_BFLOAT16, 6, "\x80\x3f\x20\xc0\x49\x40",
      { 1.0, -2.5, 3.140625 } },
    { "LongStorage", MSVIS_NPY_INT64, 24,
      "\xff\xff\xff\xff\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x80"
      "\x07\x00\x00\x00\x00\x00\x00\x00", { -1.0, -9.223372036854776e+18, 7.0 } },
    { "IntStorage", MSVIS_NPY_INT32, 12, "\xfb\xff\xff\xff\x00\x00\x00\x80\x07\x00\x00\x00",
      { -5.0, -2147483648.0, 7.0 } },
    { "ShortStorage", MSVIS_NPY_INT16, 6, "\x00\x80\xfe\xff\xe8\x03", { -32768, -2, 1000 } },
    { "CharStorage", MSVIS_NPY_INT8, 3, "\x80\xff\x7f", { -128, -1, 127 } },
    { "ByteStorage", MSVIS_NPY_UINT8, 3, "\x00\x80\xff", { 0, 128, 255 } },
    { "BoolStorage", MSVIS_NPY_BOOL, 3, "\x01\x00\x01", { 1, 0, 1 } },
  };
  g_autofree char *dir = msvis_test_make_dir ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      static const guint64 size[] = { 3 }, stride[] = { 1 };
      PickleSpec spec = { cases[i].storage, size, stride, 1, 0, 3 };
      g_autofree char *path = write_pt (dir, &spec, cases[i].bytes, cases[i].length, "little");
      g_autoptr(MsvisPt) pt = open_ok (path);

      g_test_message ("%s", cases[i].storage);
      g_assert_cmpint (msvis_pt_get_dtype (pt), ==, cases[i].dtype);
      g_assert_cmpuint (msvis_pt_get_ndim (pt), ==, 1);
      g_assert_cmpuint (msvis_pt_get_shape (pt)[0], ==, 3);
      assert_values (pt, cases[i].expected, 3);
    }
  msvis_test_remove_tree (dir);
}

/* Views: an offset into a larger storage, a transposed one, 0-d and empty tensors. */
static void
test_pt_views (void)
{
  static const float storage[] = { 9, 1, 2, 3, 4, 5, 6, 8 };
  g_autofree char *dir = msvis_test_make_dir ();
  static const guint64 size23[] = { 2, 3 }, stride23[] = { 3, 1 };
  static const guint64 size32[] = { 3, 2 }, stride_t[] = { 1, 3 };
  static const guint64 size_empty[] = { 0, 3 }, size1[] = { 1, 4 }, stride1[] = { 99, 1 };
  struct
  {
    PickleSpec spec;
    guint64    n;
    double     expected[6];
  } cases[] = {
    { { "FloatStorage", size23, stride23, 2, 1, 8 }, 6, { 1, 2, 3, 4, 5, 6 } },
    { { "FloatStorage", size32, stride_t, 2, 1, 8 }, 6, { 1, 4, 2, 5, 3, 6 } },
    { { "FloatStorage", NULL, NULL, 0, 7, 8 }, 1, { 8 } },
    { { "FloatStorage", size_empty, stride23, 2, 0, 8 }, 0, { 0 } },
    /* a size-1 axis may have any stride and still be contiguous */
    { { "FloatStorage", size1, stride1, 2, 2, 8 }, 4, { 2, 3, 4, 5 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = write_pt (dir, &cases[i].spec, storage, sizeof storage, "little");
      g_autoptr(MsvisPt) pt = open_ok (path);

      g_assert_cmpuint (msvis_pt_get_ndim (pt), ==, cases[i].spec.ndim);
      assert_values (pt, cases[i].expected, cases[i].n);
    }
  msvis_test_remove_tree (dir);
}

/* Big-endian storage, no byteorder record, protocol 4, a Parameter, a deflated record read
 * from an offset, and the same bytes from memory. */
static void
test_pt_variants (void)
{
  static const guint64 size[] = { 2 }, stride[] = { 1 };
  static const double expected[] = { 1.5, -2.0 };
  static const float little[] = { 0, 1.5, -2.0 };
  static const char big[] = "\x3f\xc0\x00\x00\xc0\x00\x00\x00";
  g_autofree char *dir = msvis_test_make_dir ();
  PickleSpec spec = { "FloatStorage", size, stride, 1, 0, 2 };
  g_autofree char *contents = NULL;
  gsize length;

  {
    g_autofree char *path = write_pt (dir, &spec, big, 8, "big");
    g_autoptr(MsvisPt) pt = open_ok (path);

    assert_values (pt, expected, 2);
  }
  {
    g_autofree char *path = write_pt (dir, &spec, little + 1, 8, NULL);
    g_autoptr(MsvisPt) pt = open_ok (path);

    assert_values (pt, expected, 2);
  }
  spec.protocol4 = spec.parameter = TRUE;
  {
    g_autofree char *path = write_pt (dir, &spec, little + 1, 8, "little");
    g_autoptr(MsvisPt) pt = open_ok (path);

    assert_values (pt, expected, 2);
  }
  spec = (PickleSpec) { "FloatStorage", size, stride, 1, 1, 3 };
  {
    g_autoptr(GString) pickle = pickle_tensor (&spec);
    Record records[] = {
      { "data.pkl", pickle->str, pickle->len, TRUE },
      { "data/0", little, sizeof little, TRUE },
    };
    g_autofree char *path = write_zip (dir, "deflated.pt", records, 2);
    g_autoptr(MsvisPt) pt = open_ok (path);
    g_autoptr(MsvisPt) from_memory = NULL;
    g_autoptr(GError) error = NULL;

    assert_values (pt, expected, 2);
    g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
    from_memory = msvis_pt_new_from_data ((const guint8 *)contents, length, "memory.pt", &error);
    g_assert_no_error (error);
    assert_values (from_memory, expected, 2);
  }
  msvis_test_remove_tree (dir);
}

/* A broken file is an error that names it, at open or when the values are read; @code -1
 * takes any code of the domain. */
static void
expect_broken (const char *path,
               int         code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisPt) pt = msvis_pt_open (path, &error);
  g_autofree double *values = NULL;

  if (pt != NULL)
    {
      values = msvis_pt_to_doubles (pt, NULL, &error);
      g_assert_null (values);
    }
  if (code < 0)
    g_assert_true (error != NULL && error->domain == MSVIS_READER_ERROR);
  else
    g_assert_error (error, MSVIS_READER_ERROR, code);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, ".pt"));
}

/* A pickle with @bad in place of the bytes @good of the usual tensor. */
static void
expect_bad_pickle (const char *dir,
                   const char *good,
                   gsize       good_length,
                   const char *bad,
                   gsize       bad_length,
                   int         code)
{
  static const guint64 size[] = { 2 }, stride[] = { 1 };
  static const float values[] = { 1, 2 };
  PickleSpec spec = { "FloatStorage", size, stride, 1, 0, 2 };
  g_autoptr(GString) pickle = pickle_tensor (&spec);
  const char *at = memmem (pickle->str, pickle->len, good, good_length);
  Record records[2] = { { "data.pkl", NULL, 0 }, { "data/0", values, sizeof values } };
  g_autofree char *path = NULL;
  gsize position;

  g_assert_nonnull (at);
  position = at - pickle->str;
  g_string_erase (pickle, position, good_length);
  g_string_insert_len (pickle, position, bad, bad_length);
  records[0] = (Record) { "data.pkl", pickle->str, pickle->len };
  path = write_zip (dir, "bad.pt", records, 2);
  expect_broken (path, code);
}

#define BAD_PICKLE(dir, good, bad, code) \
  expect_bad_pickle (dir, good, sizeof good - 1, bad, sizeof bad - 1, code)

static void
test_pt_broken (void)
{
  static const guint64 size[] = { 2, 2 }, stride[] = { 2, 1 }, far[] = { 2, 9 };
  static const float values[] = { 1, 2, 3, 4 };
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = NULL, *good = NULL, *contents = NULL;
  gsize length;
  PickleSpec spec = { "FloatStorage", size, stride, 2, 0, 4 };

  /* not a zip, a truncated zip, an empty file, a zip without data.pkl */
  msvis_test_write (dir, "junk.pt", "\x80\x02}q\x00.", 6);
  path = g_build_filename (dir, "junk.pt", NULL);
  expect_broken (path, MSVIS_READER_ERROR_SYNTAX);
  g_clear_pointer (&path, g_free);
  msvis_test_write (dir, "empty.pt", "", 0);
  path = g_build_filename (dir, "empty.pt", NULL);
  expect_broken (path, MSVIS_READER_ERROR_SYNTAX);   /* libzip, on a file: not a zip */
  g_clear_pointer (&path, g_free);
  good = write_pt (dir, &spec, values, sizeof values, "little");
  g_assert_true (g_file_get_contents (good, &contents, &length, NULL));
  for (gsize cut = 0; cut < length; cut += 7)
    {
      msvis_test_write (dir, "cut.pt", contents, cut);
      path = g_build_filename (dir, "cut.pt", NULL);
      expect_broken (path, -1);
      g_clear_pointer (&path, g_free);
    }
  {
    Record records[] = { { "version", "3\n", 2 } };

    path = write_zip (dir, "nopickle.pt", records, 1);
    expect_broken (path, MSVIS_READER_ERROR_MISSING_FIELD);
    g_clear_pointer (&path, g_free);
  }
  /* the storage bytes changed after the CRC was taken */
  {
    char *at = memchr (contents, '\x40', length);   /* 3.0f is 00 00 40 40 */

    g_assert_nonnull (at);
    for (gsize k = at - contents; k + 4 <= length; k++)
      if (memcmp (contents + k, "\x00\x00\x40\x40", 4) == 0)
        {
          contents[k + 3] = 0x41;
          break;
        }
    msvis_test_write (dir, "crc.pt", contents, length);
    path = g_build_filename (dir, "crc.pt", NULL);
    expect_broken (path, MSVIS_READER_ERROR_SYNTAX);
    g_clear_pointer (&path, g_free);
  }

  /* lying headers: a storage larger than its record, a view beyond its storage */
  spec.numel = 5;
  path = write_pt (dir, &spec, values, sizeof values, "little");
  expect_broken (path, MSVIS_READER_ERROR_TRUNCATED);
  g_clear_pointer (&path, g_free);
  spec = (PickleSpec) { "FloatStorage", size, far, 2, 0, 4 };
  path = write_pt (dir, &spec, values, sizeof values, "little");
  expect_broken (path, MSVIS_READER_ERROR_TRUNCATED);
  g_clear_pointer (&path, g_free);
  spec = (PickleSpec) { "FloatStorage", size, stride, 2, 1, 4 };
  path = write_pt (dir, &spec, values, sizeof values, "little");
  expect_broken (path, MSVIS_READER_ERROR_TRUNCATED);
  g_clear_pointer (&path, g_free);
  /* an unknown dtype, an unknown byte order */
  spec = (PickleSpec) { "ComplexFloatStorage", size, stride, 2, 0, 2 };
  path = write_pt (dir, &spec, values, sizeof values, "little");
  expect_broken (path, MSVIS_READER_ERROR_INVALID_VALUE);
  g_clear_pointer (&path, g_free);
  spec = (PickleSpec) { "FloatStorage", size, stride, 2, 0, 4 };
  path = write_pt (dir, &spec, values, sizeof values, "middle");
  expect_broken (path, MSVIS_READER_ERROR_INVALID_VALUE);
  g_clear_pointer (&path, g_free);

  /* pickles outside the subset, or not a tensor */
  BAD_PICKLE (dir, "ctorch._utils\n_rebuild_tensor_v2\n", "cos\nsystem\n",
              MSVIS_READER_ERROR_INVALID_VALUE);
  BAD_PICKLE (dir, "ctorch\nFloatStorage\n", "cbuiltins\neval\n",
              MSVIS_READER_ERROR_INVALID_VALUE);
  BAD_PICKLE (dir, "q\x00", "i", MSVIS_READER_ERROR_INVALID_VALUE);             /* INST */
  BAD_PICKLE (dir, "q\x00", "\x81", MSVIS_READER_ERROR_INVALID_VALUE);          /* NEWOBJ */
  BAD_PICKLE (dir, ")Rt", ")Rtt", MSVIS_READER_ERROR_SYNTAX);         /* no MARK left */
  BAD_PICKLE (dir, "q\x00", "h\x07", MSVIS_READER_ERROR_SYNTAX);      /* unset memo */
  BAD_PICKLE (dir, "tQ", "Q", MSVIS_READER_ERROR_INVALID_VALUE);      /* bad persistent id */
  BAD_PICKLE (dir, "\x80\x02", "\x80\x02}.", MSVIS_READER_ERROR_INVALID_VALUE);
  BAD_PICKLE (dir, "\x80\x02", "\x80\x09", MSVIS_READER_ERROR_INVALID_VALUE);
  BAD_PICKLE (dir, "R.", "R", MSVIS_READER_ERROR_TRUNCATED);          /* no STOP */
  BAD_PICKLE (dir, "R.", "R\x85.", MSVIS_READER_ERROR_INVALID_VALUE); /* a tuple */
  BAD_PICKLE (dir, "X\x07\x00\x00\x00storage", "X\xff\x00\x00\x00storage",
              MSVIS_READER_ERROR_TRUNCATED);                          /* a string too long */
  BAD_PICKLE (dir, "X\x07\x00\x00\x00storage", "X\x07\x00\x00\x00stor\xffge",
              MSVIS_READER_ERROR_ENCODING);
  BAD_PICKLE (dir, "(K\x02t(K\x01t", "(K\x02K\x02t(K\x01t",
              MSVIS_READER_ERROR_INVALID_VALUE);                      /* 2 sizes, 1 stride */
  msvis_test_remove_tree (dir);
}

/* Budgets checked at open, before any work: a few hundred bytes whose strides repeat one
 * value 2^50 times (a compare walked them for hours), and a strided view over more of a
 * compressed record than msvis inflates into memory (a deflate bomb cost gigabytes). */
static void
test_pt_budgets (void)
{
  static const guint64 huge1[] = { G_GUINT64_CONSTANT (1) << 50 }, zero1[] = { 0 };
  static const guint64 huge2[] = { 1 << 25, 1 << 25 }, zero2[] = { 0, 0 };
  static const float one = 1.5f;
  const PickleSpec specs[] = {
    { "FloatStorage", huge1, zero1, 1, 0, 1 },
    { "FloatStorage", huge2, zero2, 2, 0, 1 },
  };
  g_autofree char *dir = msvis_test_make_dir ();
  gsize numel = (65 << 20) / sizeof (float);
  g_autofree float *zeros = g_new0 (float, numel);
  guint64 size_t2[] = { 2, numel / 2 }, stride_t2[] = { 1, 2 };
  PickleSpec spec = { "FloatStorage", size_t2, stride_t2, 2, 0, numel };
  g_autoptr(GString) pickle = pickle_tensor (&spec);
  Record records[] = {
    { "data.pkl", pickle->str, pickle->len, FALSE },
    { "data/0", zeros, numel * sizeof (float), TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      g_autofree char *path = write_pt (dir, &specs[i], &one, sizeof one, "little");
      g_autoptr(GError) error = NULL;
      g_autoptr(MsvisPt) pt = msvis_pt_open (path, &error);

      g_assert_null (pt);
      g_assert_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE);
      g_assert_nonnull (strstr (error->message, "t.pt: the tensor’s view has"));
    }
  {
    g_autofree char *path = write_zip (dir, "bomb.pt", records, 2);
    g_autoptr(GError) error = NULL;
    g_autoptr(MsvisPt) pt = msvis_pt_open (path, &error);

    g_assert_null (pt);
    g_assert_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE);
    g_assert_nonnull (strstr (error->message, "bomb.pt: the tensor is a view with strides"));
  }
  msvis_test_remove_tree (dir);
}

static glong
peak_kib (void)
{
  struct rusage usage;

  g_assert_cmpint (getrusage (RUSAGE_SELF, &usage), ==, 0);
  return usage.ru_maxrss;
}

/* A strided view is converted as it is read, never whole: 2^26 repeats of one value read a
 * block at a time must not cost the 512 MiB that holding them as doubles does (before, two
 * such 600-byte files cost a gigabyte). In a child, whose peak is its own. */
static void
test_pt_strided_streamed (void)
{
  static const guint64 size[] = { 1 << 13, 1 << 13 }, stride[] = { 0, 0 };
  static const guint64 size_t[] = { 3, 2 }, stride_t[] = { 1, 3 };
  static const float one = 1.5f, six[] = { 1, 2, 3, 4, 5, 6 };
  static const double transposed[] = { 1, 4, 2, 5, 3, 6 };

  if (g_test_subprocess ())
    {
      g_autofree char *dir = msvis_test_make_dir ();
      PickleSpec spec = { "FloatStorage", size, stride, 2, 0, 1 };
      g_autofree char *path = write_pt (dir, &spec, &one, sizeof one, "little");
      g_autoptr(MsvisPt) pt = open_ok (path);
      g_autoptr(GError) error = NULL;
      double block[4096], got[6];
      glong before = peak_kib ();

      for (guint64 done = 0; done < (G_GUINT64_CONSTANT (1) << 26); done += G_N_ELEMENTS (block))
        {
          g_assert_true (msvis_pt_read_values (pt, block, G_N_ELEMENTS (block), &error));
          g_assert_cmpfloat (block[0], ==, 1.5);
          g_assert_cmpfloat (block[G_N_ELEMENTS (block) - 1], ==, 1.5);
        }
      g_assert_no_error (error);
      g_assert_cmpint (peak_kib () - before, <, 64 << 10);

      /* the odometer carries across blocks of any length */
      g_clear_pointer (&pt, msvis_pt_free);
      g_clear_pointer (&path, g_free);
      spec = (PickleSpec) { "FloatStorage", size_t, stride_t, 2, 0, 6 };
      path = write_pt (dir, &spec, six, sizeof six, "little");
      pt = open_ok (path);
      for (guint k = 0, step = 0; k < 6; k += 1 + step++ % 2)
        g_assert_true (msvis_pt_read_values (pt, got + k, 1 + step % 2, &error));
      g_assert_cmpmem (got, sizeof got, transposed, sizeof transposed);
      msvis_test_remove_tree (dir);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* A file that shrinks while it is read (another process rewriting it) is an error naming
 * it; a mapped file raised SIGBUS and killed the compare. */
static void
test_pt_shrinks (void)
{
  static const guint64 size[] = { 1 << 20 }, stride[] = { 1 };
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree float *values = g_new0 (float, 1 << 20);
  PickleSpec spec = { "FloatStorage", size, stride, 1, 0, 1 << 20 };
  g_autofree char *path = write_pt (dir, &spec, values, (1 << 20) * sizeof (float), "little");
  g_autoptr(MsvisPt) pt = open_ok (path);
  g_autoptr(MsvisPt) again = open_ok (path);
  g_autoptr(GError) error = NULL;
  g_autofree double *read = g_new (double, 1 << 20);

  g_assert_cmpint (truncate (path, 4096), ==, 0);
  g_assert_false (msvis_pt_read_values (pt, read, 1 << 20, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "t.pt: "));
  g_clear_error (&error);
  g_assert_null (msvis_pt_to_doubles (again, read, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "t.pt: "));
  msvis_test_remove_tree (dir);
}

/* A file that is not there is the file system's error, naming it; a pipe is refused before
 * it is opened (opening one waits for a writer: a compare would hang). */
static void
test_pt_not_a_file (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *missing = g_build_filename (dir, "missing.pt", NULL);
  g_autofree char *pipe = g_build_filename (dir, "pipe.pt", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_null (msvis_pt_open (missing, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "missing.pt"));
  g_clear_error (&error);
  g_assert_cmpint (mkfifo (pipe, 0644), ==, 0);
  g_assert_null (msvis_pt_open (pipe, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_assert_nonnull (strstr (error->message, "pipe.pt"));
  msvis_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pt/dtypes", test_pt_dtypes);
  g_test_add_func ("/pt/views", test_pt_views);
  g_test_add_func ("/pt/variants", test_pt_variants);
  g_test_add_func ("/pt/broken", test_pt_broken);
  g_test_add_func ("/pt/budgets", test_pt_budgets);
  g_test_add_func ("/pt/strided-streamed", test_pt_strided_streamed);
  g_test_add_func ("/pt/shrinks", test_pt_shrinks);
  g_test_add_func ("/pt/not-a-file", test_pt_not_a_file);
  return g_test_run ();
}
