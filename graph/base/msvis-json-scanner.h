// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-progress.h"

G_BEGIN_DECLS

typedef enum
{
  MSVIS_JSON_TOKEN_EOF,
  MSVIS_JSON_TOKEN_BEGIN_OBJECT,
  MSVIS_JSON_TOKEN_END_OBJECT,
  MSVIS_JSON_TOKEN_BEGIN_ARRAY,
  MSVIS_JSON_TOKEN_END_ARRAY,
  MSVIS_JSON_TOKEN_KEY,      /* an object member's name; the text is the string */
  MSVIS_JSON_TOKEN_STRING,
  MSVIS_JSON_TOKEN_INT,      /* fits in gint64 */
  MSVIS_JSON_TOKEN_BIGINT,   /* an integer too large for gint64; only the text is kept */
  MSVIS_JSON_TOKEN_FLOAT,    /* including NaN, Infinity and -Infinity, as Python writes them */
  MSVIS_JSON_TOKEN_TRUE,
  MSVIS_JSON_TOKEN_FALSE,
  MSVIS_JSON_TOKEN_NULL,
} MsvisJsonToken;

#define MSVIS_JSON_DEFAULT_MAX_DEPTH 512

typedef struct _MsvisJsonScanner MsvisJsonScanner;

MsvisJsonScanner *msvis_json_scanner_new          (GInputStream      *stream,
                                                   const char        *display_name,
                                                   GCancellable      *cancellable);
MsvisJsonScanner *msvis_json_scanner_new_for_file (GFile             *file,
                                                   GCancellable      *cancellable,
                                                   GError           **error);
MsvisJsonScanner *msvis_json_scanner_new_for_spans (const char        *display_name);
void              msvis_json_scanner_set_progress (MsvisJsonScanner  *self,
                                                   MsvisProgress     *progress,
                                                   guint64            total);
void              msvis_json_scanner_set_name     (MsvisJsonScanner  *self,
                                                   const char        *display_name);
void              msvis_json_scanner_set_span     (MsvisJsonScanner  *self,
                                                   const char        *data,
                                                   gsize              length,
                                                   guint64            offset);
void              msvis_json_scanner_set_keep_nul (MsvisJsonScanner  *self,
                                                   gboolean           keep);
void              msvis_json_scanner_free         (MsvisJsonScanner  *self);

gboolean          msvis_json_scanner_next         (MsvisJsonScanner  *self,
                                                   MsvisJsonToken    *token,
                                                   GError           **error);
gboolean          msvis_json_scanner_skip_value   (MsvisJsonScanner  *self,
                                                   MsvisJsonToken     first,
                                                   GError           **error);
gboolean          msvis_json_scanner_skip_raw     (MsvisJsonScanner  *self,
                                                   MsvisJsonToken     first,
                                                   guint64           *start,
                                                   guint64           *end,
                                                   GError           **error);

const char       *msvis_json_scanner_get_string   (MsvisJsonScanner  *self,
                                                   gsize             *length);
gint64            msvis_json_scanner_get_int      (MsvisJsonScanner  *self);
double            msvis_json_scanner_get_double   (MsvisJsonScanner  *self);
const char       *msvis_json_scanner_get_name     (MsvisJsonScanner  *self);
guint64           msvis_json_scanner_get_bytes_read (MsvisJsonScanner *self);
guint64           msvis_json_scanner_get_token_offset (MsvisJsonScanner *self);
guint64           msvis_json_scanner_get_key_end (MsvisJsonScanner *self);

void              msvis_json_scanner_set_error    (MsvisJsonScanner  *self,
                                                   GError           **error,
                                                   int                code,
                                                   const char        *format,
                                                   ...) G_GNUC_PRINTF (4, 5);

void              msvis_json_scanner_prefix_error (MsvisJsonScanner *self,
                                                   GError           **error,
                                                   guint64            offset);

const char       *msvis_json_token_describe       (MsvisJsonToken     token);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisJsonScanner, msvis_json_scanner_free)

G_END_DECLS
