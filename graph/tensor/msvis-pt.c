// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <zip.h>

#include "msvis-input-file.h"
#include "msvis-pt-private.h"
#include "msvis-reader-error.h"

/* The zip container is libzip's: it checks the central directory against the local headers
 * (ZIP_CHECKCONS) and the CRC of what is read to its end. torch.save stores every record
 * uncompressed, so reading a storage is a read of the file (never a mapping, which raises
 * SIGBUS when the file shrinks) in chunks that stay in cache, converted as they come; a
 * compressed record (another writer) is inflated. */

/* data.pkl of a tensor is a few hundred bytes; anything this big is not one. */
#define MAX_PICKLE  (16 << 20)
#define CHUNK       (64 << 10)
/* Budgets checked when the file is opened, before any work. A view reaches more elements than
 * its storage holds only through strides (0 or overlapping), so a few bytes could otherwise
 * describe 2^50 values: such a view may have at most MAX_EXPANDED elements, and no view more
 * than MAX_ELEMENTS. */
#define MAX_EXPANDED  (G_GUINT64_CONSTANT (1) << 30)
#define MAX_ELEMENTS  (G_GUINT64_CONSTANT (1) << 40)
/* A view with other strides is read from its storage span held in memory: a stored record's
 * span is bytes the file has, a compressed one's could be a deflate bomb, so it has a cap. */
#define MAX_INFLATED_SPAN  (G_GUINT64_CONSTANT (64) << 20)

/* Where a strided view is, in C order: its index and the storage element it is at, counted
 * from the view's offset. */
typedef struct
{
  guint64 index[MSVIS_PT_MAX_DIMS];
  guint64 at;
} Odometer;

struct _MsvisPt
{
  char              *name;           /* for messages */
  zip_t             *zip;
  zip_uint64_t       storage_index;
  guint64            storage_size;   /* of the record, in bytes */
  gboolean           storage_stored; /* not compressed: libzip can seek in it */
  char              *storage_name;   /* the record, for messages */
  gboolean           big_endian;
  guint64            n_elements;
  guint64            max_index;      /* the last storage element the view reaches */
  MsvisPtTensorInfo  info;
  /* msvis_pt_read_values() */
  guint64            cursor;
  zip_file_t        *reading;        /* a contiguous view, being read */
  guint8            *chunk;
  gsize              chunk_at, chunk_end;
  guint8            *span;           /* a strided view: the storage bytes it covers */
  Odometer           odometer;
};

static gboolean
zip_fail (MsvisPt     *self,
          int          code,
          const char  *record,
          zip_error_t *zerr,
          GError     **error)
{
  g_set_error (error, MSVIS_READER_ERROR, code,
               /* translators: a file name, a record inside it, then libzip's message */
               _("%s: %s cannot be read: %s"), self->name, record, zip_error_strerror (zerr));
  return FALSE;
}

static gboolean
locate (MsvisPt       *self,
        const char    *record,
        zip_uint64_t  *index,
        zip_stat_t    *st,
        GError       **error)
{
  zip_int64_t found = zip_name_locate (self->zip, record, ZIP_FL_ENC_RAW);

  if (found < 0)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                   /* translators: a file name, then the name of a record in it */
                   _("%s: the archive has no record %s"), self->name, record);
      return FALSE;
    }
  *index = (zip_uint64_t)found;
  zip_stat_init (st);
  if (zip_stat_index (self->zip, *index, 0, st) != 0 || !(st->valid & ZIP_STAT_SIZE))
    return zip_fail (self, MSVIS_READER_ERROR_SYNTAX, record, zip_get_error (self->zip), error);
  return TRUE;
}

/* Reads @length bytes of @file into @buffer; a short read is a truncated record. */
static gboolean
read_exactly (MsvisPt     *self,
              zip_file_t  *file,
              const char  *record,
              guint8      *buffer,
              gsize        length,
              GError     **error)
{
  while (length > 0)
    {
      zip_int64_t n = zip_fread (file, buffer, length);

      if (n < 0)
        return zip_fail (self, MSVIS_READER_ERROR_SYNTAX, record, zip_file_get_error (file),
                         error);
      if (n == 0)
        {
          g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_TRUNCATED,
                       /* translators: a file name, then the name of a record in it */
                       _("%s: %s ends early"), self->name, record);
          return FALSE;
        }
      buffer += n;
      length -= n;
    }
  return TRUE;
}

/* A small record, whole. */
static guint8 *
read_record (MsvisPt     *self,
             const char  *record,
             gsize        limit,
             gsize       *length,
             GError     **error)
{
  zip_uint64_t index;
  zip_stat_t st;
  zip_file_t *file;
  g_autofree guint8 *data = NULL;
  gboolean ok;

  if (!locate (self, record, &index, &st, error))
    return NULL;
  if (st.size > limit)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                   /* translators: a file name, a record in it, then a number of bytes */
                   _("%s: %s is larger than %llu bytes"), self->name, record,
                   (unsigned long long)limit);
      return NULL;
    }
  file = zip_fopen_index (self->zip, index, 0);
  if (file == NULL)
    {
      zip_fail (self, MSVIS_READER_ERROR_SYNTAX, record, zip_get_error (self->zip), error);
      return NULL;
    }
  data = g_malloc (MAX (st.size, 1));
  ok = read_exactly (self, file, record, data, st.size, error);
  zip_fclose (file);
  if (!ok)
    return NULL;
  *length = st.size;
  return g_steal_pointer (&data);
}

/* The records of torch.save all live in one folder, named after the file it saved to. */
static char *
archive_folder (MsvisPt  *self,
                GError  **error)
{
  const char *first = zip_get_num_entries (self->zip, 0) > 0
    ? zip_get_name (self->zip, 0, ZIP_FL_ENC_RAW) : NULL;
  const char *slash = first ? strchr (first, '/') : NULL;

  if (slash == NULL)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                   /* translators: %s is a file name */
                   _("%s: the archive does not hold a folder with data.pkl, as torch.save "
                     "writes it"), self->name);
      return NULL;
    }
  return g_strndup (first, slash - first);
}

static gboolean
read_byte_order (MsvisPt     *self,
                 const char  *folder,
                 GError     **error)
{
  g_autofree char *record = g_strdup_printf ("%s/byteorder", folder);
  g_autofree guint8 *text = NULL;
  gsize length;

  /* Written since torch 1.11; older files are little-endian. */
  self->big_endian = FALSE;
  if (zip_name_locate (self->zip, record, ZIP_FL_ENC_RAW) < 0)
    return TRUE;
  text = read_record (self, record, 16, &length, error);
  if (text == NULL)
    return FALSE;
  if (length == 3 && memcmp (text, "big", 3) == 0)
    self->big_endian = TRUE;
  else if (length != 6 || memcmp (text, "little", 6) != 0)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                   /* translators: a file name, then the name of a record in it */
                   _("%s: %s is neither “little” nor “big”"), self->name, record);
      return FALSE;
    }
  return TRUE;
}

static gboolean
view_fail (MsvisPt     *self,
           GError     **error)
{
  g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_TRUNCATED,
               /* translators: a file name, then the name of a record in it */
               _("%s: the tensor’s offset, sizes and strides reach beyond its storage %s"),
               self->name, self->storage_name);
  return FALSE;
}

static gboolean
is_contiguous (const MsvisPtTensorInfo *info)
{
  guint64 expected = 1;

  for (guint k = info->ndim; k-- > 0;)
    {
      if (info->size[k] != 1 && info->stride[k] != expected)
        return FALSE;
      expected *= info->size[k];
    }
  return TRUE;
}

/* The budgets, before any value is read: see MAX_EXPANDED and MAX_INFLATED_SPAN. */
static gboolean
check_budget (MsvisPt     *self,
              GError     **error)
{
  guint64 numel = self->info.storage_numel, limit = numel > MAX_EXPANDED ? numel : MAX_EXPANDED;
  gsize size = msvis_npy_dtype_size (self->info.dtype);
  guint64 span = (self->max_index - self->info.offset + 1) * size;

  if (self->n_elements > MIN (limit, MAX_ELEMENTS))
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                   /* translators: a file name, three numbers of values, then a record */
                   _("%s: the tensor’s view has %llu elements, more than msvis reads (%llu) "
                     "from its storage %s of %llu"),
                   self->name, (unsigned long long)self->n_elements,
                   (unsigned long long)MIN (limit, MAX_ELEMENTS), self->storage_name,
                   (unsigned long long)numel);
      return FALSE;
    }
  if (!self->storage_stored && !is_contiguous (&self->info) && span > MAX_INFLATED_SPAN)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                   /* translators: a file name, a record, then a number of bytes */
                   _("%s: the tensor is a view with strides over %llu bytes of the compressed "
                     "record %s; msvis reads such a view only up to %llu bytes"),
                   self->name, (unsigned long long)span, self->storage_name,
                   (unsigned long long)MAX_INFLATED_SPAN);
      return FALSE;
    }
  return TRUE;
}

/* The view must stay inside the storage, and the storage inside its record. */
static gboolean
check_view (MsvisPt     *self,
            zip_stat_t  *st,
            GError     **error)
{
  const MsvisPtTensorInfo *info = &self->info;
  guint64 n = 1, last = info->offset, bytes;
  gboolean overflow = FALSE;

  for (guint k = 0; k < info->ndim; k++)
    overflow |= !g_uint64_checked_mul (&n, n, info->size[k]);
  for (guint k = 0; n > 0 && k < info->ndim; k++)
    {
      guint64 step;

      overflow |= !g_uint64_checked_mul (&step, info->size[k] - 1, info->stride[k]);
      overflow |= !g_uint64_checked_add (&last, last, step);
    }
  self->storage_size = st->size;
  self->storage_stored = (st->valid & ZIP_STAT_COMP_METHOD) && st->comp_method == ZIP_CM_STORE;
  if (overflow || (n > 0 && last >= info->storage_numel) ||
      !g_uint64_checked_mul (&bytes, info->storage_numel, msvis_npy_dtype_size (info->dtype)) ||
      bytes > st->size)
    return view_fail (self, error);
  self->n_elements = n;
  self->max_index = last;
  return check_budget (self, error);
}

static gboolean
read_archive (MsvisPt  *self,
              GError  **error)
{
  g_autofree char *folder = NULL;
  g_autofree char *pickle_record = NULL;
  g_autofree guint8 *pickle = NULL;
  gsize pickle_length;
  zip_stat_t st;

  folder = archive_folder (self, error);
  if (folder == NULL)
    return FALSE;
  pickle_record = g_strdup_printf ("%s/data.pkl", folder);
  pickle = read_record (self, pickle_record, MAX_PICKLE, &pickle_length, error);
  if (pickle == NULL || !read_byte_order (self, folder, error))
    return FALSE;
  if (!_msvis_pt_unpickle (pickle, pickle_length, self->name, &self->info, error))
    return FALSE;

  self->storage_name = g_strdup_printf ("%s/data/%s", folder, self->info.storage_key);
  return locate (self, self->storage_name, &self->storage_index, &st, error) &&
         check_view (self, &st, error);
}

/* Takes @source and @name. */
static MsvisPt *
pt_new (zip_source_t  *source,
        char          *name,
        zip_error_t   *zerr,
        GError       **error)
{
  g_autoptr(MsvisPt) self = g_new0 (MsvisPt, 1);

  self->name = name;
  if (source != NULL)
    {
      self->zip = zip_open_from_source (source, ZIP_RDONLY | ZIP_CHECKCONS, zerr);
      if (self->zip == NULL)
        zip_source_free (source);
    }
  if (self->zip == NULL)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_SYNTAX,
                   /* translators: a file name, then libzip's message */
                   _("%s: not a zip archive as torch.save writes it (torch 1.6 or later): %s"),
                   self->name, zip_error_strerror (zerr));
      return NULL;
    }
  if (!read_archive (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

/**
 * msvis_pt_open:
 * @path: a .pt file written by torch.save
 *
 * Opens @path, reads its zip directory and its pickle, and checks the tensor's view against
 * its storage and the budgets. The values are not read.
 *
 * Returns: (transfer full): the tensor, or %NULL with @error set (%G_IO_ERROR for the file
 *   system, %MSVIS_READER_ERROR for the content)
 */
MsvisPt *
msvis_pt_open (const char *path,
               GError    **error)
{
  g_autofree char *name = NULL;
  zip_error_t zerr;
  zip_source_t *source;
  FILE *file;
  MsvisPt *self;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Not a pipe, which fopen would wait on. */
  if (!msvis_input_file_check_path (path, error))
    return NULL;
  name = g_filename_display_name (path);
  file = g_fopen (path, "rbe");
  if (file == NULL)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   /* translators: a file name, then the system's message */
                   _("%s: cannot be read: %s"), name, g_strerror (saved));
      return NULL;
    }
  zip_error_init (&zerr);
  source = zip_source_filep_create (file, 0, -1, &zerr);
  if (source == NULL)
    fclose (file);
  self = pt_new (source, g_steal_pointer (&name), &zerr, error);
  zip_error_fini (&zerr);
  return self;
}

/**
 * msvis_pt_new_from_data:
 * @data: (array length=size): the bytes of a .pt file; they must outlive the result
 * @name: what messages call the file
 *
 * msvis_pt_open() on bytes in memory, for fuzzing and for data that is not in a file:
 * nothing is copied. Read the values with msvis_pt_to_doubles().
 *
 * Returns: (transfer full): the tensor, or %NULL with @error set (%MSVIS_READER_ERROR)
 */
MsvisPt *
msvis_pt_new_from_data (const guint8 *data,
                        gsize         size,
                        const char   *name,
                        GError      **error)
{
  zip_error_t zerr;
  zip_source_t *source;
  MsvisPt *self;

  g_return_val_if_fail (data != NULL || size == 0, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  zip_error_init (&zerr);
  source = zip_source_buffer_create (data, size, 0, &zerr);
  self = pt_new (source, g_strdup (name), &zerr, error);
  zip_error_fini (&zerr);
  return self;
}

void
msvis_pt_free (MsvisPt *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->reading, zip_fclose);
  g_free (self->chunk);
  g_free (self->span);
  if (self->zip != NULL)
    zip_discard (self->zip);
  g_free (self->info.storage_key);
  g_free (self->storage_name);
  g_free (self->name);
  g_free (self);
}

/* The dtype of the storage; bfloat16 is kept, the comparison turns it into float32. */
MsvisNpyDtype
msvis_pt_get_dtype (const MsvisPt *self)
{
  g_return_val_if_fail (self != NULL, MSVIS_NPY_FLOAT32);
  return self->info.dtype;
}

/* 0 for a 0-d tensor, which still has one element. */
guint
msvis_pt_get_ndim (const MsvisPt *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->info.ndim;
}

/* ndim entries, owned by @self. */
const guint64 *
msvis_pt_get_shape (const MsvisPt *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->info.size;
}

guint64
msvis_pt_get_n_elements (const MsvisPt *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_elements;
}

/* Positions the record at the view's first element. */
static gboolean
skip_to (MsvisPt     *self,
         zip_file_t  *file,
         guint64      bytes,
         GError     **error)
{
  g_autofree guint8 *scratch = NULL;

  if (bytes == 0)
    return TRUE;
  if (self->storage_stored)
    {
      if (zip_fseek (file, (zip_int64_t)bytes, SEEK_SET) == 0)
        return TRUE;
      return zip_fail (self, MSVIS_READER_ERROR_SYNTAX, self->storage_name,
                       zip_file_get_error (file), error);
    }
  /* A compressed record cannot seek: read up to there. */
  scratch = g_malloc (CHUNK);
  while (bytes > 0)
    {
      gsize n = MIN (bytes, CHUNK);

      if (!read_exactly (self, file, self->storage_name, scratch, n, error))
        return FALSE;
      bytes -= n;
    }
  return TRUE;
}

static gboolean
read_contiguous (MsvisPt     *self,
                 zip_file_t  *file,
                 gboolean     swap,
                 double      *out,
                 GError     **error)
{
  gsize size = msvis_npy_dtype_size (self->info.dtype);
  gsize per_chunk = CHUNK / size;
  g_autofree guint8 *chunk = g_malloc (CHUNK);

  for (guint64 done = 0; done < self->n_elements;)
    {
      gsize n = (gsize)MIN (per_chunk, self->n_elements - done);

      if (!read_exactly (self, file, self->storage_name, chunk, n * size, error))
        return FALSE;
      msvis_npy_convert_run (self->info.dtype, swap, chunk, n, out + done, 1);
      done += n;
    }

  /* libzip checks the CRC when a read reaches the end of the record: ask it to, when the
   * view is the whole record, so that bytes changed on disk do not pass as values. */
  if (self->info.offset == 0 && self->n_elements * size == self->storage_size &&
      zip_fread (file, chunk, 1) != 0)
    return zip_fail (self, MSVIS_READER_ERROR_SYNTAX, self->storage_name,
                     zip_file_get_error (file), error);
  return TRUE;
}

/* A view with other strides: the storage span it covers, read once (check_budget bounds it
 * by the file's own bytes, or MAX_INFLATED_SPAN for a compressed record). */
static gboolean
load_span (MsvisPt  *self,
           GError  **error)
{
  gsize size = msvis_npy_dtype_size (self->info.dtype);
  guint64 span = (self->max_index - self->info.offset + 1) * size;
  g_autofree guint8 *bytes = NULL;
  zip_file_t *file;
  gboolean ok;

  if (self->span != NULL)
    return TRUE;
  bytes = span <= G_MAXSIZE ? g_try_malloc (span) : NULL;
  if (bytes == NULL)
    {
      g_set_error (error, MSVIS_TENSOR_ERROR, MSVIS_TENSOR_ERROR_NO_MEMORY,
                   /* translators: a file name, then a number of bytes */
                   _("%s: not enough memory for its %llu bytes of data"), self->name,
                   (unsigned long long)span);
      return FALSE;
    }
  file = zip_fopen_index (self->zip, self->storage_index, 0);
  if (file == NULL)
    return zip_fail (self, MSVIS_READER_ERROR_SYNTAX, self->storage_name,
                     zip_get_error (self->zip), error);
  ok = skip_to (self, file, self->info.offset * size, error)
       && read_exactly (self, file, self->storage_name, bytes, span, error);
  zip_fclose (file);
  if (ok)
    self->span = g_steal_pointer (&bytes);
  return ok;
}

/* The next @count values of a strided view from its span, where @o is; nothing else is
 * held, so a view of many repeated values costs no memory for them. */
static void
read_strided (MsvisPt   *self,
              Odometer  *o,
              gboolean   swap,
              double    *out,
              gsize      count)
{
  const MsvisPtTensorInfo *info = &self->info;
  gsize size = msvis_npy_dtype_size (info->dtype);
  guint last = info->ndim - 1;

  for (gsize i = 0; i < count;)
    {
      /* along the last axis, then the odometer carries */
      while (i < count && o->index[last] < info->size[last])
        {
          msvis_npy_convert_run (info->dtype, swap, self->span + o->at * size, 1, out + i++, 1);
          o->at += info->stride[last];
          o->index[last]++;
        }
      if (o->index[last] < info->size[last])
        return;
      for (guint k = info->ndim; k-- > 0;)
        {
          if (k != last)
            {
              o->at += info->stride[k];
              o->index[k]++;
            }
          if (o->index[k] < info->size[k] || k == 0)
            break;
          o->at -= info->stride[k] * info->size[k];
          o->index[k] = 0;
        }
    }
}

/**
 * msvis_pt_to_doubles:
 * @out: (nullable): room for msvis_pt_get_n_elements() doubles, or %NULL to allocate
 *
 * The values as float64 in C order, as `tensor.float().numpy().astype(float)` gives them
 * for bfloat16, and `tensor.numpy().astype(float)` for the others.
 *
 * Returns: (transfer full): @out or a new array (free with g_free()), or %NULL with @error
 *   set
 */
double *
msvis_pt_to_doubles (MsvisPt  *self,
                     double   *out,
                     GError  **error)
{
  g_autofree double *allocated = NULL;
  zip_file_t *file;
  gboolean swap, ok;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (out == NULL)
    out = allocated = g_try_new (double, MAX (self->n_elements, 1));
  if (out == NULL)
    {
      g_set_error (error, MSVIS_TENSOR_ERROR, MSVIS_TENSOR_ERROR_NO_MEMORY,
                   /* translators: a file name, then a number of values */
                   _("%s: not enough memory for its %llu values"),
                   self->name, (unsigned long long)self->n_elements);
      return NULL;
    }
  if (self->n_elements == 0)
    {
      g_steal_pointer (&allocated);
      return out;
    }

  swap = self->big_endian != (G_BYTE_ORDER == G_BIG_ENDIAN)
         && msvis_npy_dtype_size (self->info.dtype) > 1;
  if (!is_contiguous (&self->info))
    {
      Odometer o = { { 0 }, 0 };

      if (!load_span (self, error))
        return NULL;
      read_strided (self, &o, swap, out, self->n_elements);
      g_steal_pointer (&allocated);
      return out;
    }
  file = zip_fopen_index (self->zip, self->storage_index, 0);
  if (file == NULL)
    {
      zip_fail (self, MSVIS_READER_ERROR_SYNTAX, self->storage_name, zip_get_error (self->zip),
                error);
      return NULL;
    }
  ok = skip_to (self, file, self->info.offset * msvis_npy_dtype_size (self->info.dtype), error)
       && read_contiguous (self, file, swap, out, error);
  zip_fclose (file);
  if (!ok)
    return NULL;
  g_steal_pointer (&allocated);
  return out;
}

/* The next chunk of the record being read; the CRC is checked at the end of a whole one. */
static gboolean
refill (MsvisPt  *self,
        GError  **error)
{
  gsize size = msvis_npy_dtype_size (self->info.dtype);
  guint64 left = self->n_elements - self->cursor;
  gsize n = (gsize)MIN (left, CHUNK / size);

  if (self->reading == NULL)
    {
      self->reading = zip_fopen_index (self->zip, self->storage_index, 0);
      if (self->reading == NULL)
        return zip_fail (self, MSVIS_READER_ERROR_SYNTAX, self->storage_name,
                         zip_get_error (self->zip), error);
      self->chunk = g_malloc (CHUNK);
      if (!skip_to (self, self->reading, self->info.offset * size, error))
        return FALSE;
    }
  if (!read_exactly (self, self->reading, self->storage_name, self->chunk, n * size, error))
    return FALSE;
  if (n == left && self->info.offset == 0 && self->n_elements * size == self->storage_size)
    {
      guint8 past;

      if (zip_fread (self->reading, &past, 1) != 0)
        return zip_fail (self, MSVIS_READER_ERROR_SYNTAX, self->storage_name,
                         zip_file_get_error (self->reading), error);
    }
  self->chunk_at = 0;
  self->chunk_end = n * size;
  return TRUE;
}

/**
 * msvis_pt_read_values:
 * @out: room for @count doubles
 *
 * The next @count values in C order, as msvis_pt_to_doubles() gives them, read from the
 * record a chunk at a time (a view with other strides from its storage span, read the
 * first time; its values are converted as they are asked for, never all at once).
 *
 * Returns: %FALSE with @error set when the record cannot be read, or that is more values
 *   than there are
 */
gboolean
msvis_pt_read_values (MsvisPt  *self,
                      double   *out,
                      gsize     count,
                      GError  **error)
{
  gsize size;

  g_return_val_if_fail (self != NULL && (out != NULL || count == 0), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!msvis_reader_check_values_left (self->name, self->n_elements, self->cursor, count, error))
    return FALSE;
  size = msvis_npy_dtype_size (self->info.dtype);
  if (!is_contiguous (&self->info))
    {
      if (!load_span (self, error))
        return FALSE;
      read_strided (self, &self->odometer, self->big_endian != (G_BYTE_ORDER == G_BIG_ENDIAN)
                    && size > 1, out, count);
      self->cursor += count;
      return TRUE;
    }

  while (count > 0)
    {
      gsize n;

      if (self->chunk_at == self->chunk_end && !refill (self, error))
        return FALSE;
      n = MIN (count, (self->chunk_end - self->chunk_at) / size);
      msvis_npy_convert_run (self->info.dtype,
                             self->big_endian != (G_BYTE_ORDER == G_BIG_ENDIAN) && size > 1,
                             self->chunk + self->chunk_at, n, out, 1);
      self->chunk_at += n * size;
      self->cursor += n;
      out += n;
      count -= n;
    }
  return TRUE;
}
