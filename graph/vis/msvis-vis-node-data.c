// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-reader-error.h"
#include "msvis-vis-node-data.h"

struct _MsvisVisNodeReader
{
  GArray    *fields;   /* MsvisField of the item being read */
  GPtrArray *lines;    /* of the stack being read */
};

MsvisVisNodeReader *
msvis_vis_node_reader_new (void)
{
  MsvisVisNodeReader *self = g_new0 (MsvisVisNodeReader, 1);

  self->fields = g_array_new (FALSE, FALSE, sizeof (MsvisField));
  self->lines = g_ptr_array_new_with_free_func (g_free);
  return self;
}

void
msvis_vis_node_reader_free (MsvisVisNodeReader *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->fields);
  g_ptr_array_unref (self->lines);
  g_free (self);
}

static gboolean
wrong_token (MsvisJsonScanner  *scanner,
             MsvisJsonToken     token,
             const char        *expected,
             GError           **error)
{
  if (token == MSVIS_JSON_TOKEN_EOF)
    msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_TRUNCATED,
                                  _("the file ends in the middle of a value"));
  else
    msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                  /* translators: both are descriptions such as "a list" */
                                  _("expected %s, found %s"), expected,
                                  msvis_json_token_describe (token));
  return FALSE;
}

/* One item's fields. Every value keeps the text the file holds, so that writing it again
 * gives the same bytes: msprobe writes nothing but strings here. */
static gboolean
read_fields (MsvisVisNodeReader  *self,
             MsvisJsonScanner    *scanner,
             MsvisGraph          *graph,
             guint32             *first_field,
             GError             **error)
{
  MsvisJsonToken token;

  g_array_set_size (self->fields, 0);
  for (;;)
    {
      MsvisField field = { .kind = MSVIS_VALUE_OBJECT };
      gsize length;
      const char *text;

      if (!msvis_json_scanner_next (scanner, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        break;
      if (token != MSVIS_JSON_TOKEN_KEY)
        return wrong_token (scanner, token, _("a member name"), error);
      field.name = msvis_graph_atom (graph, msvis_json_scanner_get_string (scanner, NULL));

      if (!msvis_json_scanner_next (scanner, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_BEGIN_OBJECT || token == MSVIS_JSON_TOKEN_BEGIN_ARRAY ||
          token == MSVIS_JSON_TOKEN_EOF || token == MSVIS_JSON_TOKEN_END_OBJECT ||
          token == MSVIS_JSON_TOKEN_END_ARRAY)
        return wrong_token (scanner, token, _("a string or a number"), error);
      /* A string ends in a NUL and may hold one (\u0000); a number's text is a piece of the
       * scanner's buffer with no NUL after it, so strlen() must not look at it. */
      text = msvis_json_scanner_get_string (scanner, &length);
      field.s = token == MSVIS_JSON_TOKEN_STRING && memchr (text, '\0', length) == NULL
        ? msvis_graph_intern (graph, text) : msvis_graph_store (graph, text, length);
      g_array_append_val (self->fields, field);
    }

  *first_field = msvis_graph_add_fields (graph, (MsvisField *)self->fields->data,
                                         self->fields->len);
  return TRUE;
}

/**
 * msvis_vis_node_reader_read_items:
 * @first: the token that begins the value of input_data or output_data
 *
 * Reads `{item key: {field: value, …}, …}` into @graph's items, as one run.
 */
gboolean
msvis_vis_node_reader_read_items (MsvisVisNodeReader  *self,
                                  MsvisJsonScanner    *scanner,
                                  MsvisGraph          *graph,
                                  MsvisJsonToken       first,
                                  guint32             *first_item,
                                  guint32             *n_items,
                                  GError             **error)
{
  MsvisJsonToken token;

  *first_item = 0;
  *n_items = 0;
  if (first != MSVIS_JSON_TOKEN_BEGIN_OBJECT)
    return wrong_token (scanner, first, _("an object"), error);

  for (;;)
    {
      const char *key;
      gsize length;
      guint32 first_field = 0, item;

      if (!msvis_json_scanner_next (scanner, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        return TRUE;
      if (token != MSVIS_JSON_TOKEN_KEY)
        return wrong_token (scanner, token, _("a member name"), error);
      key = msvis_json_scanner_get_string (scanner, &length);
      key = msvis_graph_store (graph, key, length);

      if (!msvis_json_scanner_next (scanner, &token, error))
        return FALSE;
      if (token != MSVIS_JSON_TOKEN_BEGIN_OBJECT)
        return wrong_token (scanner, token, _("an object"), error);
      if (!read_fields (self, scanner, graph, &first_field, error))
        return FALSE;

      item = msvis_graph_add_item (graph, key, first_field, self->fields->len);
      if (*n_items == 0)
        *first_item = item;
      (*n_items)++;
    }
}

/**
 * msvis_vis_node_reader_read_stack:
 * @first: the token that begins the value of stack_info
 */
gboolean
msvis_vis_node_reader_read_stack (MsvisVisNodeReader  *self,
                                  MsvisJsonScanner    *scanner,
                                  MsvisGraph          *graph,
                                  MsvisJsonToken       first,
                                  guint32             *stack,
                                  GError             **error)
{
  MsvisJsonToken token;

  if (first != MSVIS_JSON_TOKEN_BEGIN_ARRAY)
    return wrong_token (scanner, first, _("a list"), error);

  g_ptr_array_set_size (self->lines, 0);
  for (;;)
    {
      if (!msvis_json_scanner_next (scanner, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_ARRAY)
        break;
      if (token != MSVIS_JSON_TOKEN_STRING)
        return wrong_token (scanner, token, _("a string"), error);
      g_ptr_array_add (self->lines, g_strdup (msvis_json_scanner_get_string (scanner, NULL)));
    }

  *stack = msvis_graph_intern_stack (graph, (const char *const *)self->lines->pdata,
                                     self->lines->len);
  return TRUE;
}

/* Reading node data later: the places the index kept, and one open stream. */
typedef struct
{
  GFile              *file;
  char               *name;
  GInputStream       *stream;
  MsvisJsonScanner   *scanner;
  MsvisVisNodeReader *reader;
  GByteArray         *buffer;
  MsvisGraph         *npu;      /* not a reference: the document holds both graphs */
  GArray             *npu_spans;
  GArray             *bench_spans;
} LazySource;

static void
lazy_source_free (gpointer data)
{
  LazySource *self = data;

  g_object_unref (self->file);
  g_free (self->name);
  g_clear_object (&self->stream);
  msvis_json_scanner_free (self->scanner);
  msvis_vis_node_reader_free (self->reader);
  g_byte_array_unref (self->buffer);
  g_clear_pointer (&self->npu_spans, g_array_unref);
  g_clear_pointer (&self->bench_spans, g_array_unref);
  g_free (self);
}

static gboolean
read_range_unnamed (LazySource  *self,
                    guint64      start,
                    guint64      end,
                    GError     **error)
{
  gsize n_read;

  if (self->stream == NULL)
    {
      self->stream = G_INPUT_STREAM (g_file_read (self->file, NULL, error));
      if (self->stream == NULL)
        return FALSE;
    }
  if (!g_seekable_seek (G_SEEKABLE (self->stream), (goffset)start, G_SEEK_SET, NULL, error))
    return FALSE;

  g_byte_array_set_size (self->buffer, end - start);
  if (!g_input_stream_read_all (self->stream, self->buffer->data, end - start, &n_read,
                                NULL, error))
    return FALSE;
  if (n_read != end - start)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_TRUNCATED,
                   /* translators: %s is a file name */
                   _("%s has become shorter since it was opened"), self->name);
      return FALSE;
    }
  return TRUE;
}

/* GIO's read errors do not say which file. */
static gboolean
read_range (LazySource  *self,
            guint64      start,
            guint64      end,
            GError     **error)
{
  GError *local = NULL;

  if (read_range_unnamed (self, start, end, &local))
    return TRUE;
  if (local->domain == G_IO_ERROR && !strstr (local->message, self->name))
    g_prefix_error (&local, "%s: ", self->name);
  g_propagate_error (error, local);
  return FALSE;
}

static gboolean
start_span (LazySource      *self,
            guint64          range_start,
            guint64          start,
            guint32          length,
            MsvisJsonToken  *first,
            GError         **error)
{
  msvis_json_scanner_set_span (self->scanner,
                               (const char *)self->buffer->data + (start - range_start),
                               length, start);
  return msvis_json_scanner_next (self->scanner, first, error);
}

static gboolean
lazy_source_load (gpointer      data,
                  MsvisGraph   *graph,
                  MsvisNodeId   node,
                  GError      **error)
{
  LazySource *self = data;
  GArray *spans = graph == self->npu ? self->npu_spans : self->bench_spans;
  const MsvisVisNodeSpans *s = &g_array_index (spans, MsvisVisNodeSpans, node);
  guint64 lo = G_MAXUINT64, hi = 0;
  guint32 first_input = 0, n_inputs = 0, first_output = 0, n_outputs = 0, stack = 0;
  MsvisJsonToken first;

  if (s->output_len > 0)
    lo = MIN (lo, s->output_start), hi = MAX (hi, s->output_start + s->output_len);
  if (s->input_len > 0)
    lo = MIN (lo, s->input_start), hi = MAX (hi, s->input_start + s->input_len);
  if (s->stack_len > 0)
    lo = MIN (lo, s->stack_start), hi = MAX (hi, s->stack_start + s->stack_len);
  if (hi == 0)
    return TRUE;

  /* One read per node: the three members lie close together. */
  if (!read_range (self, lo, hi, error))
    return FALSE;

  if (s->output_len > 0 &&
      (!start_span (self, lo, s->output_start, s->output_len, &first, error) ||
       !msvis_vis_node_reader_read_items (self->reader, self->scanner, graph, first,
                                          &first_output, &n_outputs, error)))
    return FALSE;
  if (s->input_len > 0 &&
      (!start_span (self, lo, s->input_start, s->input_len, &first, error) ||
       !msvis_vis_node_reader_read_items (self->reader, self->scanner, graph, first,
                                          &first_input, &n_inputs, error)))
    return FALSE;
  if (s->stack_len > 0 &&
      (!start_span (self, lo, s->stack_start, s->stack_len, &first, error) ||
       !msvis_vis_node_reader_read_stack (self->reader, self->scanner, graph, first, &stack,
                                          error)))
    return FALSE;

  msvis_graph_node_set_items (graph, node, first_input, n_inputs, first_output, n_outputs);
  msvis_graph_node_set_stack (graph, node, stack);
  return TRUE;
}

/**
 * msvis_vis_node_data_set_lazy:
 * @npu_spans: (transfer full): MsvisVisNodeSpans of each NPU (or single) node
 * @bench_spans: (transfer full) (nullable): the same for Bench
 *
 * Makes @document read node data from @file when it is asked for.
 */
void
msvis_vis_node_data_set_lazy (MsvisVisDocument *document,
                              GFile            *file,
                              const char       *display_name,
                              GArray           *npu_spans,
                              GArray           *bench_spans)
{
  LazySource *source = g_new0 (LazySource, 1);

  source->file = g_object_ref (file);
  source->name = g_strdup (display_name);
  source->scanner = msvis_json_scanner_new_for_spans (display_name);
  source->reader = msvis_vis_node_reader_new ();
  source->buffer = g_byte_array_new ();
  source->npu = msvis_vis_document_get_npu (document);
  source->npu_spans = npu_spans;
  source->bench_spans = bench_spans;

  msvis_vis_document_set_loader (document, lazy_source_load, source, lazy_source_free);
}
