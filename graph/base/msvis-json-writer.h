// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-json-value.h"

G_BEGIN_DECLS

/* Writes JSON exactly as Python's json.dump(obj, f, indent=N) does with its defaults:
 * ensure_ascii (lower-case \uXXXX, surrogate pairs), ",\n" and ": " separators, empty
 * containers as {} and [], floats as repr(), NaN and Infinity, no trailing newline. */

typedef struct _MsvisJsonWriter MsvisJsonWriter;

MsvisJsonWriter *msvis_json_writer_new          (GOutputStream    *stream,
                                                 guint             indent,
                                                 GCancellable     *cancellable);
gboolean         msvis_json_writer_finish       (MsvisJsonWriter  *self,
                                                 GError          **error);
void             msvis_json_writer_free         (MsvisJsonWriter  *self);

MsvisJsonWriter *msvis_json_writer_new_fragment (guint            indent,
                                                 guint            depth,
                                                 gboolean         continues,
                                                 GString         *buffer);
MsvisJsonWriter *msvis_json_writer_new_compact  (void);
gsize            msvis_json_writer_get_length   (MsvisJsonWriter  *self);
GString         *msvis_json_writer_swap_fragment_text (MsvisJsonWriter *self,
                                                       GString         *fresh);
GString         *msvis_json_writer_end_fragment (MsvisJsonWriter  *self);
void             msvis_json_writer_append_fragment (MsvisJsonWriter *self,
                                                 GString          *fragment,
                                                 guint             n_members);

guint            msvis_json_writer_get_depth    (MsvisJsonWriter  *self);
void             msvis_json_writer_begin_object (MsvisJsonWriter  *self);
void             msvis_json_writer_end_object   (MsvisJsonWriter  *self);
void             msvis_json_writer_begin_array  (MsvisJsonWriter  *self);
void             msvis_json_writer_end_array    (MsvisJsonWriter  *self);
void             msvis_json_writer_key          (MsvisJsonWriter  *self,
                                                 const char       *key);
void             msvis_json_writer_key_literal  (MsvisJsonWriter  *self,
                                                 const char       *literal,
                                                 gsize             length);
void             msvis_json_writer_string_member (MsvisJsonWriter *self,
                                                 const char       *key_literal,
                                                 gsize             key_length,
                                                 const char       *text,
                                                 gsize             length,
                                                 gboolean          plain);
void             msvis_json_writer_string       (MsvisJsonWriter  *self,
                                                 const char       *text);
void             msvis_json_writer_string_len   (MsvisJsonWriter  *self,
                                                 const char       *text,
                                                 gsize             length);
void             msvis_json_writer_int          (MsvisJsonWriter  *self,
                                                 gint64            value);
void             msvis_json_writer_double       (MsvisJsonWriter  *self,
                                                 double            value);
void             msvis_json_writer_bool         (MsvisJsonWriter  *self,
                                                 gboolean          value);
void             msvis_json_writer_null         (MsvisJsonWriter  *self);
void             msvis_json_writer_value        (MsvisJsonWriter  *self,
                                                 const MsvisJsonValue *value);

void             msvis_json_append_escaped      (GString          *out,
                                                 const char       *text,
                                                 gsize             length);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisJsonWriter, msvis_json_writer_free)

G_END_DECLS
