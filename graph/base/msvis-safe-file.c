// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gunixoutputstream.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "msvis-cleanup.h"
#include "msvis-safe-file.h"
#include "msvis-writer-error.h"

struct _MsvisSafeFile
{
  char          *path;
  char          *tmp_path;
  guint          cleanup;   /* tmp_path, listed for a signal's handler */
  GOutputStream *stream;
  MsvisSafeFileFlags flags;
  gboolean       closed;
  gboolean       committed;
};

/* The stream a writer writes into: GIO says "Error writing to file descriptor: No space left
 * on device" without a name, so every error it gives is said again with the final name. */
typedef struct
{
  GFilterOutputStream  parent;
  char                *path;
} NamedStream;

typedef GFilterOutputStreamClass NamedStreamClass;

static GType named_stream_get_type (void);
G_DEFINE_TYPE (NamedStream, named_stream, G_TYPE_FILTER_OUTPUT_STREAM)

static void
name_error (NamedStream  *self,
            GError      **error)
{
  if (error != NULL && *error != NULL && !g_error_matches (*error, G_IO_ERROR,
                                                           G_IO_ERROR_CANCELLED))
    g_prefix_error (error, "%s: ", self->path);
}

static gssize
named_stream_write (GOutputStream  *stream,
                    const void     *buffer,
                    gsize           count,
                    GCancellable   *cancellable,
                    GError        **error)
{
  GOutputStream *base = g_filter_output_stream_get_base_stream (G_FILTER_OUTPUT_STREAM (stream));
  gssize n = g_output_stream_write (base, buffer, count, cancellable, error);

  if (n < 0)
    name_error ((NamedStream *) stream, error);
  return n;
}

static gboolean
named_stream_flush (GOutputStream  *stream,
                    GCancellable   *cancellable,
                    GError        **error)
{
  GOutputStream *base = g_filter_output_stream_get_base_stream (G_FILTER_OUTPUT_STREAM (stream));

  if (g_output_stream_flush (base, cancellable, error))
    return TRUE;
  name_error ((NamedStream *) stream, error);
  return FALSE;
}

static gboolean
named_stream_close (GOutputStream  *stream,
                    GCancellable   *cancellable,
                    GError        **error)
{
  GOutputStream *base = g_filter_output_stream_get_base_stream (G_FILTER_OUTPUT_STREAM (stream));

  if (g_output_stream_close (base, cancellable, error))
    return TRUE;
  name_error ((NamedStream *) stream, error);
  return FALSE;
}

static void
named_stream_finalize (GObject *object)
{
  g_free (((NamedStream *) object)->path);
  G_OBJECT_CLASS (named_stream_parent_class)->finalize (object);
}

static void
named_stream_class_init (NamedStreamClass *klass)
{
  GOutputStreamClass *stream_class = G_OUTPUT_STREAM_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = named_stream_finalize;
  stream_class->write_fn = named_stream_write;
  stream_class->flush = named_stream_flush;
  stream_class->close_fn = named_stream_close;
}

static void
named_stream_init (NamedStream *self)
{
}

static GOutputStream *
named_stream_new (GOutputStream *base,
                  const char    *path)
{
  NamedStream *self = g_object_new (named_stream_get_type (), "base-stream", base,
                                    "close-base-stream", FALSE, NULL);

  self->path = g_strdup (path);
  return G_OUTPUT_STREAM (self);
}

static gboolean
set_exists_error (const char  *path,
                  GError     **error)
{
  g_set_error (error, MSVIS_WRITER_ERROR, MSVIS_WRITER_ERROR_EXISTS,
               /* translators: %s is a file path */
               _("%s already exists; msvis does not replace files"), path);
  return FALSE;
}

static gboolean
set_errno_error (const char  *path,
                 int          saved_errno,
                 GError     **error)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               "%s: %s", path, g_strerror (saved_errno));
  return FALSE;
}

/**
 * msvis_safe_file_check_target:
 *
 * Whether @path may receive an output: it must not exist, or with %MSVIS_SAFE_FILE_REPLACE be
 * a regular file; a symbolic link is refused either way (lstat, not stat: a link that leads
 * nowhere counts too).
 */
gboolean
msvis_safe_file_check_target (const char         *path,
                              MsvisSafeFileFlags  flags,
                              GError            **error)
{
  GStatBuf st;

  if (g_lstat (path, &st) != 0)
    return errno == ENOENT ? TRUE : set_errno_error (path, errno, error);
  if (S_ISLNK (st.st_mode))
    {
      g_set_error (error, MSVIS_WRITER_ERROR, MSVIS_WRITER_ERROR_SYMLINK,
                   /* translators: %s is a file path */
                   _("%s is a symbolic link; msvis does not write through links"), path);
      return FALSE;
    }
  if (!(flags & MSVIS_SAFE_FILE_REPLACE))
    return set_exists_error (path, error);
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, MSVIS_WRITER_ERROR, MSVIS_WRITER_ERROR_EXISTS,
                   /* translators: %s is a file path */
                   _("%s exists and is not a regular file; msvis does not replace it"), path);
      return FALSE;
    }
  return TRUE;
}

/* A file that replaces another takes its permissions, and its owner and group where this
 * process may give them (root; or a group it belongs to): saving a 0644 file owned by someone
 * else made it 0640 and root's. */
static gboolean
keep_attributes (const char  *tmp_path,
                 const char  *path,
                 GError     **error)
{
  GStatBuf st, mine;

  if (g_lstat (path, &st) != 0 || !S_ISREG (st.st_mode))
    return TRUE;   /* nothing to keep: gone since, or refused by the check */
  if (g_lstat (tmp_path, &mine) != 0)
    return set_errno_error (path, errno, error);
  if ((mine.st_uid != st.st_uid || mine.st_gid != st.st_gid)
      && lchown (tmp_path, st.st_uid, st.st_gid) != 0)
    {
      /* Not permitted: the group alone may be, and otherwise the saver owns the file. */
      if (lchown (tmp_path, (uid_t) -1, st.st_gid) != 0 && errno != EPERM)
        return set_errno_error (path, errno, error);
    }
  /* After chown, which may clear the set-user and set-group bits. */
  if (g_chmod (tmp_path, st.st_mode & 07777) != 0)
    return set_errno_error (path, errno, error);
  return TRUE;
}

/**
 * msvis_safe_file_place:
 * @tmp_path: a complete file in the same directory as @path
 *
 * Gives @tmp_path the name @path. Without %MSVIS_SAFE_FILE_REPLACE this is link(), which fails
 * where the name exists, unlike rename(); with it, rename(), which replaces a file at once
 * (and a link by itself, never what the link leads to).
 */
gboolean
msvis_safe_file_place (const char         *tmp_path,
                       const char         *path,
                       MsvisSafeFileFlags  flags,
                       GError            **error)
{
  if (!(flags & MSVIS_SAFE_FILE_REPLACE) && link (tmp_path, path) == 0)
    {
      g_unlink (tmp_path);
      return TRUE;
    }
  if (!(flags & MSVIS_SAFE_FILE_REPLACE))
    {
      int saved_errno = errno;

      if (saved_errno == EEXIST)
        {
          /* Say whether it is a link; the name may also have gone again since. */
          if (msvis_safe_file_check_target (path, flags, error))
            set_exists_error (path, error);
          return FALSE;
        }
      if (saved_errno != EPERM && saved_errno != ENOTSUP && saved_errno != EOPNOTSUPP)
        return set_errno_error (path, saved_errno, error);
      /* File systems without hard links: check, then rename. */
    }
  if (!msvis_safe_file_check_target (path, flags, error))
    return FALSE;
  if ((flags & MSVIS_SAFE_FILE_REPLACE) && !keep_attributes (tmp_path, path, error))
    return FALSE;
  if (g_rename (tmp_path, path) != 0)
    return set_errno_error (path, errno, error);
  return TRUE;
}

/**
 * msvis_safe_file_new:
 * @path: the final name
 * @mode: its permissions, such as 0640
 *
 * Returns: (transfer full): the file, or %NULL if @path exists or cannot be written
 */
MsvisSafeFile *
msvis_safe_file_new (const char  *path,
                     int          mode,
                     GError     **error)
{
  return msvis_safe_file_new_full (path, mode, MSVIS_SAFE_FILE_DEFAULT, error);
}

/**
 * msvis_safe_file_new_full:
 * @flags: %MSVIS_SAFE_FILE_REPLACE to let the file replace a regular file of its name
 *
 * Returns: (transfer full): the file, or %NULL if @path may not be written
 */
MsvisSafeFile *
msvis_safe_file_new_full (const char          *path,
                          int                  mode,
                          MsvisSafeFileFlags   flags,
                          GError             **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  MsvisSafeFile *self;
  int fd;

  /* Checked now as well as at the end: a run of an hour must not fail only then. */
  if (!msvis_safe_file_check_target (path, flags, error))
    return NULL;

  self = g_new0 (MsvisSafeFile, 1);
  self->path = g_strdup (path);
  self->flags = flags;
  /* mkstemp opens with O_EXCL: the temporary name is never a link either. */
  self->tmp_path = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (self->tmp_path, O_WRONLY | O_CLOEXEC, mode);
  if (fd >= 0)
    self->cleanup = msvis_cleanup_add_file (self->tmp_path);
  if (fd < 0 || fchmod (fd, mode) != 0)
    {
      int saved_errno = errno;

      set_errno_error (path, saved_errno, error);
      if (fd >= 0)
        {
          close (fd);
          g_unlink (self->tmp_path);
          msvis_cleanup_remove (self->cleanup);
        }
      g_clear_pointer (&self->tmp_path, g_free);
      msvis_safe_file_free (self);
      return NULL;
    }

  {
    g_autoptr(GOutputStream) unix_stream = g_unix_output_stream_new (fd, TRUE);

    self->stream = named_stream_new (unix_stream, path);
  }
  return self;
}

GOutputStream *
msvis_safe_file_get_stream (MsvisSafeFile *self)
{
  return self->stream;
}

const char *
msvis_safe_file_get_path (MsvisSafeFile *self)
{
  return self->path;
}

/**
 * msvis_safe_file_close:
 *
 * Closes the temporary file, so that its contents are complete; commit later.
 */
gboolean
msvis_safe_file_close (MsvisSafeFile  *self,
                       GError        **error)
{
  if (self->closed)
    return TRUE;

  self->closed = TRUE;
  return g_output_stream_close (self->stream, NULL, error);
}

/**
 * msvis_safe_file_commit:
 *
 * Gives the temporary file its final name.
 */
gboolean
msvis_safe_file_commit (MsvisSafeFile  *self,
                        GError        **error)
{
  if (!msvis_safe_file_close (self, error) ||
      !msvis_safe_file_place (self->tmp_path, self->path, self->flags, error))
    return FALSE;

  self->committed = TRUE;
  msvis_cleanup_remove (self->cleanup);
  self->cleanup = MSVIS_CLEANUP_NONE;
  return TRUE;
}

void
msvis_safe_file_free (MsvisSafeFile *self)
{
  if (self == NULL)
    return;

  if (self->stream != NULL)
    {
      if (!self->closed)
        g_output_stream_close (self->stream, NULL, NULL);   /* being discarded anyway */
      g_object_unref (self->stream);
    }
  if (self->tmp_path != NULL && !self->committed)
    g_unlink (self->tmp_path);
  msvis_cleanup_remove (self->cleanup);

  g_free (self->path);
  g_free (self->tmp_path);
  g_free (self);
}
