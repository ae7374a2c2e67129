// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-json-scanner.h"
#include "msvis-progress.h"
#include "msvis-vector.h"

G_BEGIN_DECLS

/* The scanner's state, shared by its source files: tokenizing (msvis-json-scanner.c),
 * skipping and spans (msvis-json-skip.c) and places and errors (msvis-json-scanner-errors.c). */

typedef enum
{
  STATE_VALUE,            /* at the start, after ':' and after ',' in an array */
  STATE_VALUE_OR_END,     /* after '[' */
  STATE_KEY_OR_END,       /* after '{' */
  STATE_KEY,              /* after ',' in an object */
  STATE_COLON,            /* after a member name */
  STATE_COMMA_OR_END,     /* after a value inside a container */
  STATE_DONE,             /* after the top-level value */
} State;

struct _MsvisJsonScanner
{
  GInputStream *stream;
  GCancellable *cancellable;
  char         *name;

  guchar       *buf;
  gsize         cap;
  gsize         len;
  gsize         pos;
  gboolean      eof;
  guint64       base_offset;   /* file offset of buf[0] */
  guint64       base_lines;    /* newlines before buf[0], counted when file is NULL */
  GFile        *file;          /* what the stream reads: an error counts its lines again */
  MsvisProgress *progress;     /* nullable: bytes read of progress_total */
  guint64       progress_total;
  gboolean      lines_unknown; /* a span of a file: errors give the byte only */
  gboolean      keep_nul;      /* \u0000 kept in string values (never in member names) */

  State         state;
  MsvisVector   containers;    /* guchar: '{' or '[' per open level */
  guint         max_depth;

  gsize         token_start;   /* index into buf of the current token */
  gsize         key_end;       /* index into buf after the last member name */
  const char   *text;
  gsize         text_len;
  GString      *scratch;
  gint64        int_value;
  double        double_value;
};

gboolean msvis_json_scanner_fill            (MsvisJsonScanner  *self,
                                             gsize              keep,
                                             gsize             *shift,
                                             GError           **error);
gboolean msvis_json_scanner_truncated       (MsvisJsonScanner  *self,
                                             GError           **error);
void     msvis_json_scanner_set_error_at    (MsvisJsonScanner  *self,
                                             GError           **error,
                                             gsize              index,
                                             int                code,
                                             const char        *message);
guint64  msvis_json_scanner_count_newlines  (const guchar      *p,
                                             gsize              n);
void     msvis_json_scanner_close_container (MsvisJsonScanner  *self);

G_END_DECLS
