// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "msvis-compare-error.h"
#include "msvis-report.h"

gboolean
msvis_report_format_from_path (const char         *path,
                               MsvisReportFormat  *format,
                               GError            **error)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".md"))
    *format = MSVIS_REPORT_MARKDOWN;
  else if (g_str_has_suffix (lower, ".html") || g_str_has_suffix (lower, ".htm"))
    *format = MSVIS_REPORT_HTML;
  else if (g_str_has_suffix (lower, ".csv"))
    *format = MSVIS_REPORT_CSV;
  else
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_REPORT_FORMAT,
                   /* translators: %s is a file name */
                   _("%s: the report’s name must end in .md, .html or .csv"), path);
      return FALSE;
    }
  return TRUE;
}

/* Markdown table cells: pipes and line breaks would end the cell. */
static void
append_md_cell (GString    *out,
                const char *text)
{
  g_string_append (out, " ");
  for (const char *p = text; *p; p++)
    if (*p == '|')
      g_string_append (out, "\\|");
    else if (*p == '\n')
      g_string_append (out, "<br>");
    else if (*p == '`' || *p == '*' || *p == '_' || *p == '<')
      g_string_append_printf (out, "\\%c", *p);
    else
      g_string_append_c (out, *p);
  g_string_append (out, " |");
}

static void
append_csv_cell (GString    *out,
                 const char *text,
                 gboolean    last)
{
  gboolean quote = strpbrk (text, ",\"\n\r") != NULL;

  if (quote)
    g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  if (quote)
    g_string_append_c (out, '"');
  g_string_append (out, last ? "\r\n" : ",");
}

static void
append_html (GString    *out,
             const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (out, escaped);
}

static char *
worst_cell (const MsvisReportRow *row)
{
  if (row->metric[0] == '\0')
    return g_strdup ("");
  return g_strdup_printf ("%s %s %s", row->item, row->metric, row->value);
}

static char *
dup_counts (MsvisReport *self)
{
  GString *out = g_string_new (NULL);

  g_string_append (out, _("Counts are of leaf nodes (nodes without children) of the NPU graph, "
                          "as the Legend, Find and msvis inspect count."));
  g_string_append_c (out, ' ');
  /* translators: the nodes per overflow level, then the nodes without a counterpart */
  g_string_append_printf (out, _("Overflow: %u medium, %u high, %u critical. Unmatched: %u."),
                          self->overflow[1], self->overflow[2], self->overflow[3],
                          self->unmatched);
  if (!self->is_compare)
    return g_string_free (out, FALSE);
  g_string_append_c (out, ' ');
  /* translators: says what "First divergence" means in this report; %s is a node's name */
  g_string_append_printf (out, _("First divergence (the earliest node in dump order whose colour "
                                 "is worse than the best one; unmatched nodes not counted): %s."),
                          *self->first_divergence ? self->first_divergence : _("none"));
  g_string_append_c (out, ' ');
  /* translators: %s is a node's name */
  g_string_append_printf (out, _("First worst (the earliest node in dump order of the worst "
                                 "colour present): %s."),
                          *self->first_worst ? self->first_worst : _("none"));
  return g_string_free (out, FALSE);
}

static const char *
column_titles[] = {
  N_("Node"), N_("Bucket"), N_("precision_index"), N_("Overflow"), N_("Worst metric"),
  N_("Bench counterpart"), N_("Stack"),
};

/* For a reader, four significant digits of precision_index, not Python's seventeen; the CSV,
 * which is for programs, keeps them all. */
static char *
dup_short_precision (const char *repr)
{
  char *end = NULL;
  double value = g_ascii_strtod (repr, &end);

  if (repr[0] == '\0' || end == NULL || *end != '\0' || strchr (repr, '.') == NULL)
    return g_strdup (repr);
  return g_strdup_printf ("%.4g", value);
}

static void
row_cells (const MsvisReportRow *row,
           const char          **cells,
           char                **worst,
           char                **precision)
{
  *worst = worst_cell (row);
  *precision = dup_short_precision (row->precision);
  cells[0] = row->name;
  cells[1] = row->bucket_label;
  cells[2] = *precision;
  cells[3] = row->overflow;
  cells[4] = *worst;
  cells[5] = row->counterpart;
  cells[6] = row->stack;
}

static char *
dup_rows_title (MsvisReport *self)
{
  /* translators: %u is a number of nodes */
  return g_strdup_printf (_("Suspicious nodes (%u, in dump order)"), self->rows->len);
}

static void
write_markdown (MsvisReport *self,
                GString     *out)
{
  g_autofree char *counts = dup_counts (self);
  g_autofree char *rows_title = dup_rows_title (self);

  /* translators: %s is the result's file name */
  g_autofree char *heading = g_strdup_printf (_("Precision report: %s"), self->title);

  g_string_append_printf (out, "# %s\n\n", heading);
  g_string_append_printf (out, "%s\n\n", self->subtitle);
  if (self->buckets->len > 0)
    {
      g_string_append_printf (out, "| %s | %s |\n|---|---:|\n", _("Bucket"), _("Leaf nodes"));
      for (guint i = 0; i < self->buckets->len; i++)
        {
          MsvisReportBucket *b = &g_array_index (self->buckets, MsvisReportBucket, i);

          g_string_append (out, "|");
          append_md_cell (out, b->label);
          g_string_append_printf (out, " %u |\n", b->count);
        }
      g_string_append (out, "\n");
    }
  g_string_append_printf (out, "%s\n\n", counts);
  g_string_append_printf (out, "## %s\n\n", rows_title);
  if (self->rows->len == 0)
    {
      g_string_append_printf (out, "%s\n", _("None."));
      return;
    }
  g_string_append (out, "| # |");
  for (guint c = 0; c < G_N_ELEMENTS (column_titles); c++)
    g_string_append_printf (out, " %s |", _(column_titles[c]));
  g_string_append (out, "\n|---:|");
  for (guint c = 0; c < G_N_ELEMENTS (column_titles); c++)
    g_string_append (out, "---|");
  g_string_append (out, "\n");
  for (guint i = 0; i < self->rows->len; i++)
    {
      const char *cells[G_N_ELEMENTS (column_titles)];
      g_autofree char *worst = NULL, *precision = NULL;

      row_cells (&g_array_index (self->rows, MsvisReportRow, i), cells, &worst, &precision);
      g_string_append_printf (out, "| %u |", i + 1);
      for (guint c = 0; c < G_N_ELEMENTS (cells); c++)
        append_md_cell (out, cells[c]);
      g_string_append (out, "\n");
    }
}

static void
write_csv (MsvisReport *self,
           GString     *out)
{
  static const char *const header[] = {
    "node", "bucket", "precision_index", "overflow", "item", "metric", "value",
    "bench_counterpart", "stack",
  };

  for (guint c = 0; c < G_N_ELEMENTS (header); c++)
    append_csv_cell (out, header[c], c + 1 == G_N_ELEMENTS (header));
  for (guint i = 0; i < self->rows->len; i++)
    {
      const MsvisReportRow *row = &g_array_index (self->rows, MsvisReportRow, i);
      const char *cells[] = { row->name, row->bucket_label, row->precision, row->overflow,
                              row->item, row->metric, row->value, row->counterpart,
                              row->stack };

      for (guint c = 0; c < G_N_ELEMENTS (cells); c++)
        append_csv_cell (out, cells[c], c + 1 == G_N_ELEMENTS (cells));
    }
}

static const char html_style[] =
  "body{font-family:sans-serif;margin:2em;color:#222}"
  "table{border-collapse:collapse;margin:1em 0}"
  "td,th{border:1px solid #ccc;padding:4px 8px;vertical-align:top;text-align:left}"
  "td.stack{font-family:monospace;white-space:pre-wrap;overflow-wrap:anywhere;"
  "font-size:85%;min-width:20em;max-width:50em}"
  ".swatch{display:inline-block;width:12px;height:12px;border:1px solid #888;margin-right:6px}"
  "figure{margin:1.5em 0}img{max-width:100%;border:1px solid #ddd}";

static void
write_html_summary (MsvisReport *self,
                    GString     *out)
{
  g_autofree char *counts = dup_counts (self);

  g_string_append (out, "<h1>");
  append_html (out, self->title);
  g_string_append (out, "</h1>\n<p>");
  append_html (out, self->subtitle);
  g_string_append (out, "</p>\n");
  if (self->buckets->len > 0)
    {
      g_string_append_printf (out, "<table><tr><th>%s</th><th>%s</th></tr>\n", _("Bucket"),
                              _("Leaf nodes"));
      for (guint i = 0; i < self->buckets->len; i++)
        {
          MsvisReportBucket *b = &g_array_index (self->buckets, MsvisReportBucket, i);

          g_string_append (out, "<tr><td><span class=\"swatch\" style=\"background:");
          append_html (out, b->color ? b->color : "#fff");
          g_string_append (out, "\"></span>");
          append_html (out, b->label);
          g_string_append_printf (out, "</td><td>%u</td></tr>\n", b->count);
        }
      g_string_append (out, "</table>\n");
    }
  g_string_append (out, "<p>");
  append_html (out, counts);
  g_string_append (out, "</p>\n");
}

static void
write_html_pictures (MsvisReport *self,
                     GString     *out,
                     GHashTable  *pictures)
{
  g_autoptr(GArray) worst = msvis_report_worst_rows (self, G_MAXUINT);

  for (guint i = 0; i < worst->len; i++)
    {
      const MsvisReportRow *row = &g_array_index (self->rows, MsvisReportRow,
                                                  g_array_index (worst, guint, i));
      const char *svg = g_hash_table_lookup (pictures, GUINT_TO_POINTER (row->node));
      g_autofree char *data = NULL;

      if (svg == NULL)
        continue;
      /* As an image, so that the glyph ids of several SVGs cannot collide in one page. */
      data = g_base64_encode ((const guchar *) svg, strlen (svg));
      g_string_append_printf (out, "<figure><img alt=\"\" src=\"data:image/svg+xml;base64,%s\">"
                              "<figcaption>", data);
      append_html (out, row->name);
      g_string_append (out, "</figcaption></figure>\n");
    }
}

static void
write_html (MsvisReport *self,
            GString     *out,
            GHashTable  *pictures)
{
  g_autofree char *rows_title = dup_rows_title (self);

  g_string_append (out, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>");
  append_html (out, self->title);
  g_string_append_printf (out, "</title><style>%s</style></head><body>\n", html_style);
  write_html_summary (self, out);
  g_string_append (out, "<h2>");
  append_html (out, rows_title);
  g_string_append (out, "</h2>\n");
  if (self->rows->len > 0)
    {
      g_string_append (out, "<table><tr><th>#</th>");
      for (guint c = 0; c < G_N_ELEMENTS (column_titles); c++)
        g_string_append_printf (out, "<th>%s</th>", _(column_titles[c]));
      g_string_append (out, "</tr>\n");
    }
  for (guint i = 0; i < self->rows->len; i++)
    {
      const char *cells[G_N_ELEMENTS (column_titles)];
      g_autofree char *worst = NULL, *precision = NULL;

      row_cells (&g_array_index (self->rows, MsvisReportRow, i), cells, &worst, &precision);
      g_string_append_printf (out, "<tr><td>%u</td>", i + 1);
      for (guint c = 0; c < G_N_ELEMENTS (cells); c++)
        {
          g_string_append (out, c + 1 == G_N_ELEMENTS (cells) ? "<td class=\"stack\">" : "<td>");
          append_html (out, cells[c]);
          g_string_append (out, "</td>");
        }
      g_string_append (out, "</tr>\n");
    }
  if (self->rows->len > 0)
    g_string_append (out, "</table>\n");
  /* The table first: a reader looks for the node, then at its picture. */
  if (pictures != NULL && g_hash_table_size (pictures) > 0)
    write_html_pictures (self, out, pictures);
  g_string_append (out, "</body></html>\n");
}

char *
msvis_report_to_text (MsvisReport       *self,
                      MsvisReportFormat  format,
                      GHashTable        *pictures)
{
  GString *out = g_string_new (NULL);

  switch (format)
    {
    case MSVIS_REPORT_MARKDOWN:
      write_markdown (self, out);
      break;
    case MSVIS_REPORT_HTML:
      write_html (self, out, pictures);
      break;
    case MSVIS_REPORT_CSV:
      write_csv (self, out);
      break;
    default:
      g_assert_not_reached ();
    }
  return g_string_free (out, FALSE);
}
