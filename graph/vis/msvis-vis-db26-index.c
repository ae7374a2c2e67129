// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "msvis-vis-db-writer.h"
#include "msvis-vis-db26-index.h"
#include "msvis-vis-db26-index-sort.h"

/* Kept up by SQLite row by row, index1 to index7 were two thirds of the SQLite thread's time
 * on a 2 x 100 MB compare (a b-tree descent and a dozen record compares per index and row),
 * and made by CREATE INDEX at the end they cost more still (each one reads the whole table
 * back). Here the indexed columns are kept as the rows go in, sorted as SQLite orders index
 * records (numbers by value, texts by their bytes then length, the rowid last), and each
 * index b-tree is written bottom-up in SQLite's file format (its fileformat2.html: b-tree
 * pages, records) after the pages SQLite wrote, then entered in sqlite_master with the text
 * CREATE INDEX would have stored. The rows, the schema and what every reader sees are those
 * of a file SQLite indexed itself; PRAGMA integrity_check checks each index against the
 * table. */

#define PAGE_SIZE       65536
#define MAX_LOCAL       (((PAGE_SIZE - 12) * 64 / 255) - 23)
#define MIN_LOCAL       (((PAGE_SIZE - 12) * 32 / 255) - 23)
#define LEAF_HEADER     8
#define INTERIOR_HEADER 12

struct _MsvisDb26Indexes
{
  GArray       *rows;    /* MsvisDb26IndexRow, texts in texts */
  GStringChunk *texts;
};

/* One column of an index record: an integer, or a text if text is set. */
typedef struct
{
  const char *text;
  gsize       len;
  gint64      value;
} Value;

MsvisDb26Indexes *
_msvis_db26_indexes_new (void)
{
  MsvisDb26Indexes *self = g_new0 (MsvisDb26Indexes, 1);

  self->rows = g_array_sized_new (FALSE, FALSE, sizeof (MsvisDb26IndexRow), 65536);
  self->texts = g_string_chunk_new (1 << 20);
  return self;
}

void
_msvis_db26_indexes_add (MsvisDb26Indexes        *self,
                         const MsvisDb26IndexRow *row)
{
  MsvisDb26IndexRow copy = *row;

  /* the lengths once here: in index order every strlen() was a cache miss */
  copy.up_node_len = strlen (row->up_node);
  copy.node_name_len = strlen (row->node_name);
  copy.up_node = g_string_chunk_insert_len (self->texts, row->up_node, (gssize)copy.up_node_len);
  copy.id = g_string_chunk_insert_len (self->texts, row->id, (gssize)row->id_len);
  /* A row's id ends with its name: kept once. */
  if (row->id_len >= copy.node_name_len &&
      memcmp (row->id + row->id_len - copy.node_name_len, row->node_name, copy.node_name_len) == 0)
    copy.node_name = copy.id + row->id_len - copy.node_name_len;
  else
    copy.node_name = g_string_chunk_insert_len (self->texts, row->node_name,
                                                (gssize)copy.node_name_len);
  copy.link = g_string_chunk_insert_len (self->texts, row->link, (gssize)row->link_len);
  g_array_append_val (self->rows, copy);
}

/* The rows added so far: the place the next one takes. */
guint
_msvis_db26_indexes_count (MsvisDb26Indexes *self)
{
  return self->rows->len;
}

void
_msvis_db26_indexes_free (MsvisDb26Indexes *self)
{
  if (self == NULL)
    return;

  g_array_unref (self->rows);
  g_string_chunk_free (self->texts);
  g_free (self);
}

#define INT(x)  v[n++] = (Value) { NULL, 0, (x) }
#define TEXT(s, len) v[n++] = (Value) { (s), (len), 0 }

/* Index @index's record of @row, as msprobe's CREATE INDEX statements list the columns
 * (modified is always 0), the rowid last. */
static guint
index_values (const MsvisDb26IndexRow *row,
              guint                    index,
              Value                    v[6])
{
  guint n = 0;

  if (index == MSVIS_DB26_ID_INDEX)
    {
      TEXT (row->id, row->id_len);
      INT (row->rowid);
      return n;
    }
  if (index != 6)
    {
      INT (row->step);
      INT (row->rank);
    }
  switch (index)
    {
    case 0:
      TEXT (row->data_source, strlen (row->data_source));
      TEXT (row->up_node, row->up_node_len);
      INT (row->node_order);
      break;
    case 1:
      TEXT (row->data_source, strlen (row->data_source));
      TEXT (row->node_name, row->node_name_len);
      break;
    case 2: TEXT (row->data_source, strlen (row->data_source)); INT (row->node_order); break;
    case 3: INT (row->node_order); break;
    case 4: INT (row->micro_step); INT (row->node_order); break;
    case 5: INT (0); v[n++] = (Value) { row->link, row->link_len, 0 }; break;
    default: INT (row->distributed); break;
    }
  INT (row->rowid);
  return n;
}

static guint
varint_len (guint64 v)
{
  guint n = 1;

  while ((v >>= 7) != 0)
    n++;
  return n;
}

/* SQLite's varint for values below 2^56: seven bits a byte, the most significant first. */
static guint
put_varint (guint8  *p,
            guint64  v)
{
  guint n = varint_len (v);

  for (guint i = n; i-- > 0; v >>= 7)
    p[i] = (guint8)((v & 0x7f) | (i + 1 < n ? 0x80 : 0));
  return n;
}

/* The serial type SQLite gives a value, and the length of its body. */
static guint
serial_type (const Value *v,
             guint       *len)
{
  static const guint8 int_lens[] = { 0, 1, 2, 3, 4, 6, 8 };
  guint64 u;
  guint type;

  if (v->text != NULL)
    {
      *len = (guint)v->len;
      return (guint)v->len * 2 + 13;
    }
  if (v->value == 0 || v->value == 1)
    {
      *len = 0;
      return 8 + (guint)v->value;
    }
  u = v->value < 0 ? ~(guint64)v->value : (guint64)v->value;
  type = u <= 127 ? 1 : u <= 32767 ? 2 : u <= 8388607 ? 3 : u <= 2147483647 ? 4
       : u <= G_GUINT64_CONSTANT (0x7fffffffffff) ? 5 : 6;
  *len = int_lens[type];
  return type;
}

/* Writes the record of @v into @out (NULL: only measures it) and returns its size. */
static gsize
encode_record (const Value *v,
               guint        n,
               guint8      *out)
{
  guint types[6];
  guint lens[6];
  gsize header = 0;
  gsize size;

  for (guint i = 0; i < n; i++)
    {
      types[i] = serial_type (&v[i], &lens[i]);
      header += varint_len (types[i]);
    }
  header += varint_len (header + 1) == 1 ? 1 : varint_len (header + varint_len (header));
  size = header;
  for (guint i = 0; i < n; i++)
    size += lens[i];
  if (out == NULL)
    return size;

  out += put_varint (out, header);
  for (guint i = 0; i < n; i++)
    out += put_varint (out, types[i]);
  for (guint i = 0; i < n; i++)
    {
      if (v[i].text != NULL)
        memcpy (out, v[i].text, lens[i]);
      else
        for (guint b = 0; b < lens[i]; b++)
          out[b] = (guint8)((guint64)v[i].value >> (8 * (lens[i] - 1 - b)));
      out += lens[i];
    }
  return size;
}

/* The bytes of a payload kept on its b-tree page: fileformat2.html, index b-tree cells. */
static gsize
local_size (gsize payload)
{
  gsize k;

  if (payload <= MAX_LOCAL)
    return payload;
  k = MIN_LOCAL + (payload - MIN_LOCAL) % (PAGE_SIZE - 4);
  return k <= MAX_LOCAL ? k : MIN_LOCAL;
}

/* A cell's bytes on its page, its pointer included. */
static gsize
cell_size (gsize    payload,
           gboolean interior)
{
  return (interior ? 4 : 0) + varint_len (payload) + local_size (payload) +
         (payload > MAX_LOCAL ? 4 : 0) + 2;
}

typedef struct
{
  int          fd;
  const char  *path;
  guint        index;
  gint        *next_page;  /* atomic, shared by the threads: the next page number to give */
  guint32      fixed_root; /* the page the root must be, as SQLite gave it; 0: any */
  guint8      *page;       /* a b-tree page being filled */
  guint8      *overflow;   /* an overflow page */
  GByteArray  *records;    /* the records of the page being filled, end to end */
  GArray      *starts;     /* gsize: where each starts in records, and the end */
} Builder;

/* Pages are numbered as they are taken, by both threads at once: a b-tree's pages need not
 * follow each other, only every number up to the last must be written. */
static guint32
take_pages (Builder *b,
            guint    n)
{
  return (guint32)g_atomic_int_add (b->next_page, (gint)n);
}

static void
put32 (guint8  *p,
       guint32  v)
{
  p[0] = v >> 24;
  p[1] = v >> 16;
  p[2] = v >> 8;
  p[3] = v;
}

static gboolean
write_page (Builder       *b,
            const guint8  *page,
            guint32        number,
            GError       **error)
{
  off_t offset = (off_t)(number - 1) * PAGE_SIZE;

  for (gsize done = 0; done < PAGE_SIZE;)
    {
      ssize_t n = pwrite (b->fd, page + done, PAGE_SIZE - done, offset + (off_t)done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved_errno = n < 0 ? errno : ENOSPC;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "%s: %s",
                       b->path, g_strerror (saved_errno));
          return FALSE;
        }
      done += (gsize)n;
    }
  return TRUE;
}

/* Writes the part of a record beyond its local bytes into overflow pages of its own, taken
 * together; returns the first one's number. */
static gboolean
write_overflow (Builder       *b,
                const guint8  *rest,
                gsize          len,
                guint32       *first,
                GError       **error)
{
  guint n_pages = (guint)((len + PAGE_SIZE - 5) / (PAGE_SIZE - 4));

  *first = take_pages (b, n_pages);
  for (guint k = 0; k < n_pages; k++)
    {
      gsize chunk = MIN (len, (gsize)PAGE_SIZE - 4);

      memset (b->overflow, 0, PAGE_SIZE);
      put32 (b->overflow, k + 1 < n_pages ? *first + k + 1 : 0);
      memcpy (b->overflow + 4, rest, chunk);
      if (!write_page (b, b->overflow, *first + k, error))
        return FALSE;
      rest += chunk;
      len -= chunk;
    }
  return TRUE;
}

/* One page holding the n records made last (starts[0..n] in b->records), with children[0..n]
 * below it on an interior level. */
static gboolean
write_btree_page (Builder        *b,
                  guint           n,
                  const guint32  *children,
                  guint32        *number,
                  GError        **error)
{
  gboolean interior = children != NULL;
  guint header = interior ? INTERIOR_HEADER : LEAF_HEADER;
  const gsize *starts = (const gsize *)(gpointer)b->starts->data;
  guint8 *page = b->page;
  gsize content = PAGE_SIZE;

  memset (page, 0, PAGE_SIZE);

  if (*number == 0)
    *number = take_pages (b, 1);
  for (guint i = 0; i < n; i++)
    {
      const guint8 *record = b->records->data + starts[i];
      gsize size = starts[i + 1] - starts[i];
      gsize local = local_size (size);
      guint8 *p;

      content -= cell_size (size, interior) - 2;
      p = page + content;
      if (interior)
        {
          put32 (p, children[i]);
          p += 4;
        }
      p += put_varint (p, size);
      memcpy (p, record, local);
      if (size != local)
        {
          guint32 first;

          if (!write_overflow (b, record + local, size - local, &first, error))
            return FALSE;
          put32 (p + local, first);
        }
      page[header + 2 * i] = (guint8)(content >> 8);
      page[header + 2 * i + 1] = (guint8)content;
    }
  page[0] = interior ? 0x02 : 0x0a;
  page[3] = (guint8)(n >> 8);
  page[4] = (guint8)n;
  page[5] = (guint8)((content & 0xffff) >> 8);   /* 65536 is written as 0 */
  page[6] = (guint8)content;
  if (interior)
    put32 (page + 8, children[n]);
  return write_page (b, page, *number, error);
}

/* Appends @row's record to b->records; returns its size. */
static gsize
add_record (Builder                 *b,
            const MsvisDb26IndexRow *row)
{
  Value v[6];
  guint n_values = index_values (row, b->index, v);
  gsize size = encode_record (v, n_values, NULL);
  gsize at = b->records->len;
  gsize end = at + size;

  g_byte_array_set_size (b->records, (guint)end);
  encode_record (v, n_values, b->records->data + at);
  g_array_append_val (b->starts, end);
  return size;
}

/* Asks for @row's indexed text before it is copied: in index order each row and text is a
 * cache miss, and a few asked for ahead come in together. */
static inline void
prefetch_text (const Builder           *b,
               const MsvisDb26IndexRow *row)
{
  const char *text;

  switch (b->index)
    {
    case 0: text = row->up_node; break;
    case 1: text = row->node_name; break;
    case 5: text = row->link; break;
    case MSVIS_DB26_ID_INDEX: text = row->id; break;
    default: return;
    }
  __builtin_prefetch (text);
  __builtin_prefetch (text + 64);
}

/* One level of the b-tree, bottom-up: rows[0..n) in order, with children[0..n] the pages of
 * the level below (NULL on the leaves). A row that no longer fits a page goes up a level and
 * the next page starts after it; the last page is never left empty. Each record is made once,
 * as its page fills: in index order every look at a row is a cache miss. */
static gboolean
write_level (Builder                  *b,
             MsvisDb26IndexRow *const *rows,
             guint                     n,
             const guint32            *children,
             GArray                   *pages,
             GPtrArray                *up,
             GError                  **error)
{
  gboolean interior = children != NULL;
  guint start = 0;

  for (;;)
    {
      gsize used = interior ? INTERIOR_HEADER : LEAF_HEADER;
      guint end = start;
      guint32 number = 0;
      gsize zero = 0;

      g_byte_array_set_size (b->records, 0);
      g_array_set_size (b->starts, 0);
      g_array_append_val (b->starts, zero);
      while (end < n)
        {
          gsize cell;

          if (end + 16 < n)
            __builtin_prefetch (rows[end + 16]);
          if (end + 8 < n)
            prefetch_text (b, rows[end + 8]);
          cell = cell_size (add_record (b, rows[end]), interior);

          if (used + cell > PAGE_SIZE)
            break;
          used += cell;
          end++;
        }
      if (end == n)
        {
          if (pages->len == 0)
            number = b->fixed_root;   /* the level's only page: the root */
          if (!write_btree_page (b, n - start, interior ? children + start : NULL, &number,
                                 error))
            return FALSE;
          g_array_append_val (pages, number);
          return TRUE;
        }
      if (end == n - 1 && end - start >= 2)
        end--;
      if (!write_btree_page (b, end - start, interior ? children + start : NULL, &number, error))
        return FALSE;
      g_array_append_val (pages, number);
      g_ptr_array_add (up, rows[end]);
      start = end + 1;
    }
}

/* Writes one index's b-tree from its sorted rows; returns its root page. */
static gboolean
write_index (Builder            *b,
             MsvisDb26IndexRow **sorted,
             guint               n,
             guint32            *root,
             GError            **error)
{
  g_autoptr(GArray) pages = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GPtrArray) up = g_ptr_array_new ();

  if (!write_level (b, sorted, n, NULL, pages, up, error))
    return FALSE;
  while (pages->len > 1)
    {
      g_autoptr(GArray) children = g_steal_pointer (&pages);
      g_autoptr(GPtrArray) rows = g_steal_pointer (&up);

      pages = g_array_new (FALSE, FALSE, sizeof (guint32));
      up = g_ptr_array_new ();
      if (!write_level (b, (MsvisDb26IndexRow **)rows->pdata, rows->len,
                        (const guint32 *)(gpointer)children->data, pages, up, error))
        return FALSE;
    }
  *root = g_array_index (pages, guint32, 0);
  return TRUE;
}

/* Which thread sorts and writes which index, in this order. Sorting texts is nearly all the
 * time: index2's names on one thread, which then gives index1 and the id's index their order
 * without texts (_msvis_db26_index_derive()); index6's links and the numbers on the other. */
static const guint8 thread_indexes[2][MSVIS_DB26_ID_INDEX + 1] = {
  { 5, 2, 3, 4, 6, G_MAXUINT8 },
  { 1, 0, MSVIS_DB26_ID_INDEX, G_MAXUINT8 },
};

/* One thread's share of the indexes. */
typedef struct
{
  MsvisDb26Indexes *self;
  Builder           b;
  guint             thread;
  guint32          *roots;
  guint32           id_root;   /* 0: SQLite kept the id's index */
  GError           *error;
} Job;

/* The id is tb_nodes' PRIMARY KEY: two rows with one id fail as SQLite's insert did. */
static gboolean
check_unique (Job                       *job,
              MsvisDb26IndexRow *const  *sorted,
              guint                      n)
{
  for (guint r = 1; r < n; r++)
    if (sorted[r - 1]->id_len == sorted[r]->id_len &&
        memcmp (sorted[r - 1]->id, sorted[r]->id, sorted[r]->id_len) == 0)
      {
        g_set_error (&job->error, MSVIS_VIS_DB_ERROR, MSVIS_VIS_DB_ERROR_WRITE,
                     /* translators: a file path, then SQLite's message */
                     _("%s: cannot write the database: %s"), job->b.path,
                     "UNIQUE constraint failed: tb_nodes.id");
        return FALSE;
      }
  return TRUE;
}

/* Sorts and writes a share of the indexes. */
static gpointer
sort_and_write (gpointer data)
{
  Job *job = data;
  guint n = job->self->rows->len;
  MsvisDb26IndexRow *base = (MsvisDb26IndexRow *)(gpointer)job->self->rows->data;
  g_autofree MsvisDb26IndexRow **sorted = g_new (MsvisDb26IndexRow *, n + 1);
  g_autofree MsvisDb26IndexRow **by_name = NULL;

  job->b.page = g_malloc (PAGE_SIZE);
  job->b.overflow = g_malloc (PAGE_SIZE);
  job->b.records = g_byte_array_sized_new (2 * PAGE_SIZE);
  job->b.starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  for (const guint8 *i = thread_indexes[job->thread]; *i != G_MAXUINT8 && job->error == NULL; i++)
    {
      guint32 root;

      if (*i == MSVIS_DB26_ID_INDEX && job->id_root == 0)
        continue;
      if (by_name == NULL || !_msvis_db26_index_derive (by_name, n, base, *i, sorted))
        {
          for (guint r = 0; r < n; r++)
            sorted[r] = &base[r];
          _msvis_db26_index_sort (sorted, n, *i);
        }
      if (*i == 1)
        by_name = g_memdup2 (sorted, sizeof (gpointer) * (n + 1));
      if (*i == MSVIS_DB26_ID_INDEX && !check_unique (job, sorted, n))
        break;
      job->b.index = *i;
      job->b.fixed_root = *i == MSVIS_DB26_ID_INDEX ? job->id_root : 0;
      if (write_index (&job->b, sorted, n, &root, &job->error) && *i < MSVIS_DB26_N_INDEXES)
        job->roots[*i] = root;
    }
  g_free (job->b.page);
  g_free (job->b.overflow);
  g_byte_array_unref (job->b.records);
  g_array_unref (job->b.starts);
  return NULL;
}

static gboolean
read_header (int          fd,
             const char  *path,
             guint8       header[100],
             guint32     *n_pages,
             GError     **error)
{
  struct stat info;

  if (pread (fd, header, 100, 0) != 100 || fstat (fd, &info) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "%s: %s", path,
                   g_strerror (saved_errno));
      return FALSE;
    }
  *n_pages = (guint32)(info.st_size / PAGE_SIZE);
  /* 64 KiB pages without reserved bytes, and the header's page count valid */
  if (header[16] != 0 || header[17] != 1 || header[20] != 0 || info.st_size % PAGE_SIZE != 0 ||
      memcmp (header + 24, header + 92, 4) != 0 ||
      (guint32)(header[28] << 24 | header[29] << 16 | header[30] << 8 | header[31]) != *n_pages)
    {
      g_set_error (error, MSVIS_VIS_DB_ERROR, MSVIS_VIS_DB_ERROR_FINISH,
                   /* translators: a file path */
                   _("%s: cannot finish the database"), path);
      return FALSE;
    }
  return TRUE;
}

/**
 * _msvis_db26_indexes_write:
 * @path: the file's final name, for messages
 * @tmp_path: the file SQLite wrote the tables into and closed
 * @id_root: the root page SQLite gave sqlite_autoindex_tb_nodes_1 while it did not keep it
 *   (_msvis_db26_id_index_hide()), or 0 if it kept it
 * @roots: (out): each index's root page
 *
 * Appends the index b-trees to the file and counts their pages in its header; the id's
 * index takes its root page back.
 */
gboolean
_msvis_db26_indexes_write (MsvisDb26Indexes  *self,
                           const char        *path,
                           const char        *tmp_path,
                           guint32            id_root,
                           guint32           *roots,
                           GError           **error)
{
  int fd = g_open (tmp_path, O_RDWR | O_CLOEXEC, 0);
  guint32 n_pages = 0;
  gint next_page;
  guint8 header[100];
  Job jobs[2] = { { 0 } };
  GThread *thread;
  gboolean ok;

  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "%s: %s", path,
                   g_strerror (saved_errno));
      return FALSE;
    }
  if (!read_header (fd, path, header, &n_pages, error))
    {
      close (fd);
      return FALSE;
    }

  next_page = (gint)n_pages + 1;
  for (guint t = 0; t < 2; t++)
    {
      jobs[t].self = self;
      jobs[t].b.fd = fd;
      jobs[t].b.path = path;
      jobs[t].b.next_page = &next_page;
      jobs[t].thread = t;
      jobs[t].roots = roots;
      jobs[t].id_root = id_root;
    }
  thread = g_thread_new ("msvis-db-index", sort_and_write, &jobs[1]);
  sort_and_write (&jobs[0]);
  g_thread_join (thread);
  ok = jobs[0].error == NULL && jobs[1].error == NULL;
  if (ok)
    {
      put32 (header + 28, (guint32)next_page - 1);
      ok = pwrite (fd, header + 28, 4, 28) == 4;
      if (!ok)
        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", path,
                     g_strerror (errno));
    }
  else
    g_propagate_error (error, jobs[0].error != NULL ? g_steal_pointer (&jobs[0].error)
                                                    : g_steal_pointer (&jobs[1].error));
  g_clear_error (&jobs[0].error);
  g_clear_error (&jobs[1].error);
  close (fd);
  return ok;
}

/**
 * _msvis_db26_indexes_register:
 * @db: the file reopened after _msvis_db26_indexes_write(), outside a transaction
 * @create: (array length=MSVIS_DB26_N_INDEXES): msprobe's CREATE INDEX IF NOT EXISTS texts
 * @id: (nullable): tb_nodes' id index to give back its rows, if it was hidden
 *
 * Enters the indexes in sqlite_master as CREATE INDEX would: the text without IF NOT EXISTS
 * and the semicolon, and the schema cookie one higher per change.
 *
 * Returns: %FALSE on SQLite's error, which sqlite3_errmsg() tells
 */
gboolean
_msvis_db26_indexes_register (sqlite3            *db,
                              const char *const  *create,
                              const guint32      *roots,
                              const MsvisDb26IdIndex *id)
{
  static const char prefix[] = "CREATE INDEX IF NOT EXISTS ";
  sqlite3_stmt *stmt = NULL;
  g_autofree char *cookie = NULL;
  gboolean ok;

  /* A build of SQLite that is defensive by default refuses writable_schema otherwise. */
  ok = sqlite3_db_config (db, SQLITE_DBCONFIG_DEFENSIVE, 0, NULL) == SQLITE_OK &&
       sqlite3_exec (db, "PRAGMA writable_schema=ON; BEGIN", NULL, NULL, NULL) == SQLITE_OK &&
       sqlite3_prepare_v2 (db, "INSERT INTO sqlite_master (type, name, tbl_name, rootpage, sql) "
                           "VALUES ('index', ?, 'tb_nodes', ?, ?)", -1, &stmt, NULL) == SQLITE_OK;
  for (guint i = 0; ok && i < MSVIS_DB26_N_INDEXES; i++)
    {
      const char *name = create[i] + strlen (prefix);
      gsize len = strlen (name);

      g_assert (g_str_has_prefix (create[i], prefix) && name[len - 1] == ';');
      sqlite3_bind_text (stmt, 1, name, (int)strcspn (name, " "), SQLITE_STATIC);
      sqlite3_bind_int64 (stmt, 2, roots[i]);
      sqlite3_bind_text (stmt, 3, g_strdup_printf ("CREATE INDEX %.*s", (int)len - 1, name), -1,
                         g_free);
      ok = sqlite3_step (stmt) == SQLITE_DONE;
      sqlite3_reset (stmt);
    }
  sqlite3_finalize (stmt);
  stmt = NULL;
  if (ok && id != NULL)
    ok = _msvis_db26_id_index_restore (db, id);
  ok = ok && sqlite3_prepare_v2 (db, "PRAGMA schema_version", -1, &stmt, NULL) == SQLITE_OK &&
       sqlite3_step (stmt) == SQLITE_ROW;
  if (ok)
    cookie = g_strdup_printf ("PRAGMA schema_version=%d; COMMIT; PRAGMA writable_schema=OFF",
                              sqlite3_column_int (stmt, 0) + MSVIS_DB26_N_INDEXES +
                              (id != NULL));
  sqlite3_finalize (stmt);
  return ok && sqlite3_exec (db, cookie, NULL, NULL, NULL) == SQLITE_OK;
}
