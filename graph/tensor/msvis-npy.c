// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "msvis-input-file.h"
#include "msvis-npy.h"
#include "msvis-reader-error.h"

G_DEFINE_QUARK (msvis-tensor-error-quark, msvis_tensor_error)

#define MAGIC            "\x93NUMPY"
#define MAGIC_LENGTH     6
/* np.load refuses longer headers unless told otherwise (max_header_size, numpy 1.24). */
#define MAX_HEADER       10000
/* NPY_MAXDIMS of numpy 2. */
#define MAX_DIMS         64
/* Values are read with pread in pieces this big: a mapped file that shrinks under a compare
 * raises SIGBUS, a read of it only comes back short. */
#define CHUNK            (64 << 10)

struct _MsvisNpy
{
  int            fd;
  char          *name;            /* for messages */
  guint64        data_offset;     /* of n_elements × itemsize bytes in the file */
  MsvisNpyDtype  dtype;
  gboolean       big_endian;      /* of the data in the file */
  gboolean       fortran_order;
  guint          ndim;
  guint64        shape[MAX_DIMS];
  guint64        n_elements;
  guint64        cursor;          /* msvis_npy_read_values() */
  double        *all;             /* the values of a Fortran-order array, once read */
  guint8        *chunk;           /* msvis_npy_read_values(): CHUNK bytes */
};

static const struct
{
  const char    *code;            /* descr without its byte-order character */
  MsvisNpyDtype  dtype;
} dtype_codes[] = {
  { "b1", MSVIS_NPY_BOOL },     { "?", MSVIS_NPY_BOOL },
  { "i1", MSVIS_NPY_INT8 },     { "i2", MSVIS_NPY_INT16 },
  { "i4", MSVIS_NPY_INT32 },    { "i8", MSVIS_NPY_INT64 },
  { "u1", MSVIS_NPY_UINT8 },    { "u2", MSVIS_NPY_UINT16 },
  { "u4", MSVIS_NPY_UINT32 },   { "u8", MSVIS_NPY_UINT64 },
  { "f2", MSVIS_NPY_FLOAT16 },  { "f4", MSVIS_NPY_FLOAT32 },
  { "f8", MSVIS_NPY_FLOAT64 },
  /* ml_dtypes' name: numpy has no bfloat16, and its '<V2' is raw bytes, not a number. */
  { "bfloat16", MSVIS_NPY_BFLOAT16 },
};

const char *
msvis_npy_dtype_name (MsvisNpyDtype dtype)
{
  static const char *const names[] = {
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "bfloat16", "float32", "float64",
  };

  g_return_val_if_fail (dtype <= MSVIS_NPY_FLOAT64, NULL);
  return names[dtype];
}

gsize
msvis_npy_dtype_size (MsvisNpyDtype dtype)
{
  static const guint8 sizes[] = { 1, 1, 2, 4, 8, 1, 2, 4, 8, 2, 2, 4, 8 };

  g_return_val_if_fail (dtype <= MSVIS_NPY_FLOAT64, 0);
  return sizes[dtype];
}

gboolean
msvis_npy_dtype_is_float (MsvisNpyDtype dtype)
{
  return dtype == MSVIS_NPY_FLOAT16 || dtype == MSVIS_NPY_BFLOAT16
         || dtype == MSVIS_NPY_FLOAT32 || dtype == MSVIS_NPY_FLOAT64;
}

/* The header: a Python dict literal, parsed token by token. */

typedef struct
{
  const char *start, *p, *end;
  const char *name;
  GError    **error;
} Header;

static gboolean
header_fail (Header     *h,
             const char *what)
{
  g_set_error (h->error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_SYNTAX,
               /* translators: a file name, what is wrong, a byte offset in the header */
               _("%s: the .npy header is not a dict of “descr”, “fortran_order” and “shape”: "
                 "%s at header byte %u"),
               h->name, what, (guint)(h->p - h->start));
  return FALSE;
}

static void
skip_space (Header *h)
{
  while (h->p < h->end && (*h->p == ' ' || *h->p == '\t' || *h->p == '\n' || *h->p == '\r'))
    h->p++;
}

static gboolean
accept (Header *h,
        char    c)
{
  skip_space (h);
  if (h->p < h->end && *h->p == c)
    {
      h->p++;
      return TRUE;
    }
  return FALSE;
}

/* A quoted string without escapes (numpy writes repr() of plain ASCII names). */
static gboolean
parse_string (Header      *h,
              const char **text,
              gsize       *length)
{
  const char *close;
  char quote;

  skip_space (h);
  if (h->p >= h->end || (*h->p != '\'' && *h->p != '"'))
    return header_fail (h, _("expected a quoted string"));
  quote = *h->p++;
  close = memchr (h->p, quote, h->end - h->p);
  if (close == NULL || memchr (h->p, '\\', close - h->p) != NULL)
    return header_fail (h, _("a string is not closed, or has escapes"));
  *text = h->p;
  *length = close - h->p;
  h->p = close + 1;
  return TRUE;
}

static gboolean
parse_word (Header     *h,
            const char *word)
{
  gsize n = strlen (word);

  skip_space (h);
  if ((gsize)(h->end - h->p) < n || memcmp (h->p, word, n) != 0)
    return FALSE;
  if (h->p + n < h->end && (g_ascii_isalnum (h->p[n]) || h->p[n] == '_'))
    return FALSE;
  h->p += n;
  return TRUE;
}

static gboolean
parse_bool (Header   *h,
            gboolean *value)
{
  if (parse_word (h, "True"))
    *value = TRUE;
  else if (parse_word (h, "False"))
    *value = FALSE;
  else
    return header_fail (h, _("expected True or False"));
  return TRUE;
}

static gboolean
parse_dim (Header  *h,
           guint64 *value)
{
  guint64 v = 0;
  const char *digits = h->p;

  while (h->p < h->end && g_ascii_isdigit (*h->p))
    {
      if (v > (G_MAXINT64 - 9) / 10)
        return header_fail (h, _("a dimension is too large"));
      v = v * 10 + (*h->p++ - '0');
    }
  if (h->p == digits)
    return header_fail (h, _("expected a non-negative integer"));
  if (h->p < h->end && *h->p == 'L')   /* Python 2's long, in old format 1.0 files */
    h->p++;
  *value = v;
  return TRUE;
}

/* A tuple of ints, so "(3)" (an int in Python) is refused and "(3,)" is not. */
static gboolean
parse_shape (Header  *h,
             guint64 *shape,
             guint   *ndim)
{
  *ndim = 0;
  if (!accept (h, '('))
    return header_fail (h, _("expected a tuple"));
  if (accept (h, ')'))
    return TRUE;
  for (;;)
    {
      if (*ndim == MAX_DIMS)
        return header_fail (h, _("more than 64 dimensions"));
      skip_space (h);
      if (!parse_dim (h, &shape[(*ndim)++]))
        return FALSE;
      if (accept (h, ')'))
        return *ndim > 1 ? TRUE : header_fail (h, _("a one-element tuple needs a comma"));
      if (!accept (h, ','))
        return header_fail (h, _("expected “,” or “)”"));
      if (accept (h, ')'))
        return TRUE;
    }
}

static gboolean
parse_descr (Header   *h,
             MsvisNpy *self)
{
  const char *text, *start;
  gsize length;
  g_autofree char *code = NULL;

  skip_space (h);
  if (h->p < h->end && *h->p == '[')
    {
      g_set_error (h->error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                   /* translators: %s is a file name */
                   _("%s: structured arrays cannot be compared"), h->name);
      return FALSE;
    }
  start = h->p;
  if (!parse_string (h, &text, &length))
    return FALSE;
  code = g_strndup (text, length);

  self->big_endian = G_BYTE_ORDER == G_BIG_ENDIAN;
  if (length > 0 && strchr ("<>|=", text[0]) != NULL)
    {
      if (text[0] == '<' || text[0] == '>')
        self->big_endian = text[0] == '>';
      text++, length--;
    }
  for (guint i = 0; i < G_N_ELEMENTS (dtype_codes); i++)
    if (strlen (dtype_codes[i].code) == length && memcmp (dtype_codes[i].code, text, length) == 0)
      {
        self->dtype = dtype_codes[i].dtype;
        return TRUE;
      }

  h->p = start;
  if (length > 0 && text[0] == 'O')
    g_set_error (h->error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                 /* translators: a file name, then a NumPy dtype such as '|O' */
                 _("%s: object arrays (dtype “%s”) hold pickled Python objects and are not read"),
                 h->name, code);
  else
    g_set_error (h->error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                 /* translators: a file name, then a NumPy dtype such as '<V2' */
                 _("%s: dtype “%s” is not a number type msvis can compare"), h->name, code);
  return FALSE;
}

static gboolean
parse_entry (Header   *h,
             MsvisNpy *self,
             guint    *seen)
{
  const char *key;
  gsize length;

  if (!parse_string (h, &key, &length))
    return FALSE;
  if (!accept (h, ':'))
    return header_fail (h, _("expected “:”"));
  /* Python keeps the last of repeated keys, and so does np.load. */
  if (length == 5 && memcmp (key, "descr", 5) == 0)
    {
      *seen |= 1;
      return parse_descr (h, self);
    }
  if (length == 13 && memcmp (key, "fortran_order", 13) == 0)
    {
      *seen |= 2;
      return parse_bool (h, &self->fortran_order);
    }
  if (length == 5 && memcmp (key, "shape", 5) == 0)
    {
      *seen |= 4;
      return parse_shape (h, self->shape, &self->ndim);
    }
  h->p = key;
  return header_fail (h, _("unknown key"));
}

static gboolean
parse_header (Header   *h,
              MsvisNpy *self)
{
  guint seen = 0;

  if (!accept (h, '{'))
    return header_fail (h, _("expected “{”"));
  while (!accept (h, '}'))
    {
      if (!parse_entry (h, self, &seen))
        return FALSE;
      if (!accept (h, ',') && !(skip_space (h), h->p < h->end && *h->p == '}'))
        return header_fail (h, _("expected “,” or “}”"));
    }
  skip_space (h);
  if (h->p != h->end)
    return header_fail (h, _("text after the dict"));
  if (seen != 7)
    return header_fail (h, _("a key is missing"));
  return TRUE;
}

/* Magic, version and header length; returns the header's offset, or 0 with @error set. */
static gsize
read_preamble (const guint8 *bytes,
               gsize         size,
               const char   *name,
               gsize        *header_length,
               GError      **error)
{
  gsize offset;

  if (size < MAGIC_LENGTH + 2 || memcmp (bytes, MAGIC, MAGIC_LENGTH) != 0)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_SYNTAX,
                   /* translators: %s is a file name */
                   _("%s: not a .npy file (it does not start with “\\x93NUMPY”)"), name);
      return 0;
    }
  if (bytes[7] != 0 || bytes[6] < 1 || bytes[6] > 3)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                   /* translators: a file name, then the major and minor version */
                   _("%s: .npy format version %u.%u is not one of 1.0, 2.0 and 3.0"),
                   name, bytes[6], bytes[7]);
      return 0;
    }
  offset = bytes[6] == 1 ? 10 : 12;
  if (size < offset)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_TRUNCATED,
                   /* translators: %s is a file name */
                   _("%s: the file ends inside the .npy header"), name);
      return 0;
    }
  *header_length = bytes[8] | (gsize)bytes[9] << 8;
  if (offset == 12)
    *header_length |= (gsize)bytes[10] << 16 | (gsize)bytes[11] << 24;
  if (*header_length > MAX_HEADER)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                   /* translators: a file name, then two numbers of bytes */
                   _("%s: the .npy header is %llu bytes long, more than %d"),
                   name, (unsigned long long)*header_length, MAX_HEADER);
      return 0;
    }
  if (size - offset < *header_length)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_TRUNCATED,
                   /* translators: %s is a file name */
                   _("%s: the file ends inside the .npy header"), name);
      return 0;
    }
  return offset;
}

static gboolean
check_size (MsvisNpy *self,
            gsize     data_size,
            GError  **error)
{
  guint64 n = 1, bytes = G_MAXUINT64;
  gboolean overflow = FALSE;
  g_autofree char *need = NULL;

  for (guint i = 0; i < self->ndim; i++)
    overflow |= !g_uint64_checked_mul (&n, n, self->shape[i]);
  overflow |= !g_uint64_checked_mul (&bytes, n, msvis_npy_dtype_size (self->dtype));
  if (!overflow && bytes == data_size)
    {
      self->n_elements = n;
      return TRUE;
    }

  need = overflow ? g_strdup ("> 2^64") : g_strdup_printf ("%" G_GUINT64_FORMAT, bytes);
  g_set_error (error, MSVIS_READER_ERROR,
               overflow || bytes > data_size ? MSVIS_READER_ERROR_TRUNCATED
                                             : MSVIS_READER_ERROR_INVALID_VALUE,
               /* translators: a file name, a dtype, then two numbers of bytes */
               _("%s: the header’s shape and dtype %s need %s bytes of data, the file has %llu"),
               self->name, msvis_npy_dtype_name (self->dtype), need,
               (unsigned long long)data_size);
  return FALSE;
}

/* @length bytes at @offset of the data; a short read means the file shrank after it was
 * opened, and says so rather than passing zeros as values. */
static gboolean
read_data (const MsvisNpy *self,
           guint64         offset,
           guint8         *buffer,
           gsize           length,
           GError        **error)
{
  offset += self->data_offset;
  while (length > 0)
    {
      gssize n = pread (self->fd, buffer, length, (off_t)offset);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       /* translators: a file name, then the system's message */
                       _("%s: cannot be read: %s"), self->name, g_strerror (saved));
          return FALSE;
        }
      if (n == 0)
        {
          g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_TRUNCATED,
                       /* translators: a file name, then a byte offset */
                       _("%s: the file ends at byte %llu, before the data its header "
                         "describes (it changed while it was read)"),
                       self->name, (unsigned long long)offset);
          return FALSE;
        }
      buffer += n;
      length -= n;
      offset += n;
    }
  return TRUE;
}

static gboolean
read_header (MsvisNpy *self,
             guint64   size,
             GError  **error)
{
  guint8 bytes[12 + MAX_HEADER];
  gsize have = (gsize)MIN (size, sizeof bytes), header_length, offset;
  Header h;

  if (!read_data (self, 0, bytes, have, error))
    return FALSE;
  offset = read_preamble (bytes, have, self->name, &header_length, error);
  if (offset == 0)
    return FALSE;
  for (gsize i = 0; i < header_length; i++)
    if (bytes[offset + i] >= 0x80)
      {
        g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_ENCODING,
                     /* translators: a file name, then a byte offset */
                     _("%s: the .npy header is not ASCII (byte %llu)"),
                     self->name, (unsigned long long)(offset + i));
        return FALSE;
      }

  h.start = h.p = (const char *)bytes + offset;
  h.end = h.start + header_length;
  h.name = self->name;
  h.error = error;
  if (!parse_header (&h, self))
    return FALSE;

  self->data_offset = offset + header_length;
  return check_size (self, size - offset - header_length, error);
}

/**
 * msvis_npy_open:
 * @path: a .npy file
 *
 * Opens @path and checks its header against its size. The data is not read.
 *
 * Returns: (transfer full): the array, or %NULL with @error set (%G_IO_ERROR for the file
 *   system, %MSVIS_READER_ERROR for the content)
 */
MsvisNpy *
msvis_npy_open (const char *path,
                GError    **error)
{
  g_autoptr(MsvisNpy) self = NULL;
  struct stat st;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_new0 (MsvisNpy, 1);
  self->fd = -1;
  self->name = g_filename_display_name (path);
  if (!msvis_input_file_check_path (path, error))
    return NULL;
  self->fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (self->fd < 0 || fstat (self->fd, &st) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   /* translators: a file name, then the system's message */
                   _("%s: cannot be read: %s"), self->name, g_strerror (saved));
      return NULL;
    }
  if (!read_header (self, (guint64)st.st_size, error))
    return NULL;
  return g_steal_pointer (&self);
}

void
msvis_npy_free (MsvisNpy *self)
{
  if (self == NULL)
    return;
  if (self->fd >= 0)
    g_close (self->fd, NULL);
  g_free (self->all);
  g_free (self->chunk);
  g_free (self->name);
  g_free (self);
}

MsvisNpyDtype
msvis_npy_get_dtype (const MsvisNpy *self)
{
  g_return_val_if_fail (self != NULL, MSVIS_NPY_FLOAT64);
  return self->dtype;
}

/* 0 for a 0-d array (shape ()), which still has one element. */
guint
msvis_npy_get_ndim (const MsvisNpy *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->ndim;
}

/* ndim entries, owned by @self. */
const guint64 *
msvis_npy_get_shape (const MsvisNpy *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->shape;
}

guint64
msvis_npy_get_n_elements (const MsvisNpy *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_elements;
}

gboolean
msvis_npy_get_fortran_order (const MsvisNpy *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->fortran_order;
}

gboolean
msvis_npy_get_big_endian (const MsvisNpy *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->big_endian;
}

/* Fortran order: axis 0 is contiguous in the file and C-stride apart in @out; an odometer
 * over the other axes gives each run's start. */
static gboolean
convert_fortran (const MsvisNpy *self,
                 gboolean        swap,
                 double         *out,
                 GError        **error)
{
  gsize size = msvis_npy_dtype_size (self->dtype), per_chunk = CHUNK / size;
  guint64 cstride[MAX_DIMS], index[MAX_DIMS] = { 0 };
  g_autofree guint8 *chunk = g_malloc (CHUNK);
  guint64 base = 0, at = 0;

  cstride[self->ndim - 1] = 1;
  for (guint k = self->ndim - 1; k > 0; k--)
    cstride[k - 1] = cstride[k] * self->shape[k];

  for (;;)
    {
      guint k;

      for (guint64 j = 0; j < self->shape[0];)
        {
          gsize n = (gsize)MIN (per_chunk, self->shape[0] - j);

          if (!read_data (self, at * size, chunk, n * size, error))
            return FALSE;
          msvis_npy_convert_run (self->dtype, swap, chunk, n, out + base + j * cstride[0],
                                 cstride[0]);
          j += n;
          at += n;
        }
      for (k = 1; k < self->ndim; k++)
        {
          base += cstride[k];
          if (++index[k] < self->shape[k])
            break;
          base -= cstride[k] * self->shape[k];
          index[k] = 0;
        }
      if (k == self->ndim)
        return TRUE;
    }
}

/* @count values in file order from element @first on, a chunk at a time through @chunk. */
static gboolean
convert_from (const MsvisNpy *self,
              guint64         first,
              gsize           count,
              guint8         *chunk,
              double         *out,
              GError        **error)
{
  gsize size = msvis_npy_dtype_size (self->dtype), per_chunk = CHUNK / size;
  gboolean swap = self->big_endian != (G_BYTE_ORDER == G_BIG_ENDIAN) && size > 1;

  while (count > 0)
    {
      gsize n = MIN (per_chunk, count);

      if (!read_data (self, first * size, chunk, n * size, error))
        return FALSE;
      msvis_npy_convert_run (self->dtype, swap, chunk, n, out, 1);
      first += n;
      out += n;
      count -= n;
    }
  return TRUE;
}

/**
 * msvis_npy_to_doubles:
 * @out: (nullable): room for msvis_npy_get_n_elements() doubles, or %NULL to allocate
 *
 * The values as float64, in C order whatever the file's order, as numpy's
 * `a.reshape(-1).astype(float)` gives them (int64 and uint64 round to nearest).
 *
 * Returns: (transfer full): @out or a new array (free with g_free()), or %NULL with @error set
 *   when there is no memory for it or the file cannot be read to its end
 */
double *
msvis_npy_to_doubles (const MsvisNpy *self,
                      double         *out,
                      GError        **error)
{
  double *given = out;
  gboolean swap, ok;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (out == NULL)
    out = g_try_new (double, MAX (self->n_elements, 1));
  if (out == NULL)
    {
      g_set_error (error, MSVIS_TENSOR_ERROR, MSVIS_TENSOR_ERROR_NO_MEMORY,
                   /* translators: a file name, then a number of values */
                   _("%s: not enough memory for its %llu values"),
                   self->name, (unsigned long long)self->n_elements);
      return NULL;
    }
  if (self->n_elements == 0)
    return out;

  swap = self->big_endian != (G_BYTE_ORDER == G_BIG_ENDIAN)
         && msvis_npy_dtype_size (self->dtype) > 1;
  if (self->fortran_order && self->ndim > 1)
    ok = convert_fortran (self, swap, out, error);
  else
    {
      g_autofree guint8 *chunk = g_malloc (CHUNK);

      ok = convert_from (self, 0, self->n_elements, chunk, out, error);
    }
  if (!ok)
    {
      if (out != given)
        g_free (out);
      return NULL;
    }
  return out;
}

/**
 * msvis_npy_read_values:
 * @out: room for @count doubles
 *
 * The next @count values in C order, as msvis_npy_to_doubles() gives them, read and
 * converted a chunk at a time (a Fortran-order array is converted whole the first time).
 *
 * Returns: %FALSE with @error set when that is more than there is, or no memory
 */
gboolean
msvis_npy_read_values (MsvisNpy  *self,
                       double    *out,
                       gsize      count,
                       GError   **error)
{
  g_return_val_if_fail (self != NULL && (out != NULL || count == 0), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!msvis_reader_check_values_left (self->name, self->n_elements, self->cursor, count, error))
    return FALSE;
  if (self->fortran_order && self->ndim > 1)
    {
      if (self->all == NULL)
        self->all = msvis_npy_to_doubles (self, NULL, error);
      if (self->all == NULL)
        return FALSE;
      memcpy (out, self->all + self->cursor, count * sizeof (double));
    }
  else
    {
      if (self->chunk == NULL)
        self->chunk = g_malloc (CHUNK);
      if (!convert_from (self, self->cursor, count, self->chunk, out, error))
        return FALSE;
    }
  self->cursor += count;
  return TRUE;
}
