// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <locale.h>
#include <string.h>

#include "msvis-compare-view.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* The words the window shows, as a user reads them (issue 26): node names as written, links
 * that keep their underscores, toolbar labels without Windows mnemonics in Chinese, Chinese
 * without a generated locale, and a window title that names the result. The result is the
 * bundled sample compare, built once into a temporary folder. */

#define LONG_NAME "Module.model.layers.0.post_attention_layernorm.LlamaRMSNorm.backward.0"
#define DUNDER    "Tensor.__add__.0.forward"

static GtkApplication *app;
static char *sample_dir;
static char *sample_compare;

static MsvisWindow *
new_window (int width,
            int height)
{
  MsvisWindow *window = msvis_window_test_new (app, width, height);

  msvis_window_test_open_path (window, sample_compare);
  msvis_ui_test_spin (300);
  return window;
}

static void
select_npu (MsvisWindow *window,
            const char  *name)
{
  MsvisCompareView *view = msvis_window_test_compare_view (window);
  MsvisGraph *graph = msvis_graph_canvas_get_graph (msvis_compare_view_get_canvas (view, FALSE));
  MsvisNodeId node = msvis_graph_lookup (graph, name);

  g_assert_cmpuint (node, !=, MSVIS_NODE_ID_NONE);
  msvis_compare_view_select (view, FALSE, node);
  msvis_ui_test_spin (600);
}

static gboolean
label_is (GtkWidget     *widget,
          gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

static gboolean
link_is (GtkWidget     *widget,
         gconstpointer  text)
{
  return label_is (widget, text) && gtk_label_get_use_markup (GTK_LABEL (widget));
}

static gboolean
is_hyphen_glyph (PangoFont      *font,
                 PangoGlyphInfo *glyph)
{
  hb_font_t *hb = pango_font_get_hb_font (font);
  const gunichar hyphens[] = { '-', 0x2010 };

  for (guint i = 0; i < G_N_ELEMENTS (hyphens); i++)
    {
      hb_codepoint_t id;

      if (hb_font_get_nominal_glyph (hb, hyphens[i], &id) && id == glyph->glyph)
        return TRUE;
    }
  return FALSE;
}

/* Pango draws the hyphen it inserts at a break but keeps it out of the text: it shows as a
 * hyphen glyph ending a line whose text does not end in '-'. */
static guint
count_inserted_hyphens (GtkLabel *label,
                        guint    *n_lines)
{
  PangoLayout *layout = gtk_label_get_layout (label);
  const char *text = pango_layout_get_text (layout);
  guint n = 0;

  *n_lines = pango_layout_get_line_count (layout);
  for (guint i = 0; i < *n_lines; i++)
    {
      PangoLayoutLine *line = pango_layout_get_line_readonly (layout, i);
      PangoGlyphItem *run;

      if (line->runs == NULL || line->length == 0
          || text[line->start_index + line->length - 1] == '-')
        continue;
      run = g_slist_last (line->runs)->data;
      if (is_hyphen_glyph (run->item->analysis.font,
                           &run->glyphs->glyphs[run->glyphs->num_glyphs - 1]))
        n++;
    }
  return n;
}

/* Item 1: a long dotted name wraps in the details title without "la-nguage_model". */
static void
test_title_not_hyphenated (void)
{
  MsvisWindow *window;
  GtkWidget *title;
  guint n_lines;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  window = new_window (1280, 720);
  select_npu (window, LONG_NAME);
  title = msvis_ui_test_find_widget (GTK_WIDGET (window), label_is, LONG_NAME);
  g_assert_nonnull (title);
  g_assert_cmpuint (count_inserted_hyphens (GTK_LABEL (title), &n_lines), ==, 0);
  /* The name did wrap, or there would be no break to hyphenate. */
  g_assert_cmpuint (n_lines, >, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Item 2: the counterpart link of "Tensor.__add__.0.forward" has no underline over its "__". */
static void
test_link_not_underlined (void)
{
  MsvisWindow *window;
  GtkWidget *link;
  PangoAttrList *attrs;
  GSList *list;
  guint n_underlines = 0;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  window = new_window (1280, 720);
  select_npu (window, DUNDER);
  /* The label that holds the link, not the title. */
  link = msvis_ui_test_find_widget (GTK_WIDGET (window), link_is, DUNDER);
  g_assert_nonnull (link);
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (link)), "<a href"));

  attrs = pango_layout_get_attributes (gtk_label_get_layout (GTK_LABEL (link)));
  list = attrs ? pango_attr_list_get_attributes (attrs) : NULL;
  for (GSList *l = list; l != NULL; l = l->next)
    {
      PangoAttribute *attr = l->data;

      if (attr->klass->type == PANGO_ATTR_UNDERLINE
          && ((PangoAttrInt *) attr)->value != PANGO_UNDERLINE_NONE)
        n_underlines++;
    }
  g_slist_free_full (list, (GDestroyNotify) pango_attribute_destroy);
  g_assert_cmpuint (n_underlines, ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Item 5: the title the window manager shows names the result. */
static void
test_window_title (void)
{
  MsvisWindow *window;
  const char *title;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  window = new_window (1280, 720);
  title = gtk_window_get_title (GTK_WINDOW (window));
  g_test_message ("title: %s", title);
  g_assert_true (g_str_has_prefix (title, "compare_"));
  g_assert_true (g_str_has_suffix (title, " — msvis"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_action (GtkWidget     *widget,
            gconstpointer  action)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static gboolean
is_open_button (GtkWidget     *widget,
                gconstpointer  data)
{
  return ADW_IS_SPLIT_BUTTON (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)),
                       "win.open") == 0;
}

/* Item 3: in Chinese the toolbar says 同步展开, not 同步展开(Y); the accelerator stays. In a
 * process of its own, Chinese from the start (GLib decides once whether to translate). */
static void
test_chinese_toolbar (void)
{
  const char *actions[] = { "win.sync-expand", "win.overflow-mode", "win.first-divergence" };
  g_auto(GStrv) accels = NULL;
  MsvisWindow *window;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  if (!g_test_subprocess ())
    {
      g_setenv ("MSVIS_TEST_LANGUAGE", "zh_CN", TRUE);
      g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_unsetenv ("MSVIS_TEST_LANGUAGE");
      g_test_trap_assert_passed ();
      return;
    }
  window = new_window (1280, 720);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkWidget *button = msvis_ui_test_find_widget (GTK_WIDGET (window), has_action,
                                                     actions[i]);
      const char *label;

      g_assert_nonnull (button);
      label = gtk_button_get_label (GTK_BUTTON (button));
      g_assert_nonnull (label);
      /* Translated, or the test would pass on English. */
      g_assert_false (g_str_is_ascii (label));
      g_assert_null (strchr (label, '('));
      g_assert_null (strstr (label, "（"));
    }
  /* The header bar's Open button too (the file dialogs keep 打开(_O)). */
  {
    GtkWidget *open = msvis_ui_test_find_widget (GTK_WIDGET (window), is_open_button, NULL);
    const char *label;

    g_assert_nonnull (open);
    label = adw_split_button_get_label (ADW_SPLIT_BUTTON (open));
    g_assert_false (g_str_is_ascii (label));
    g_assert_null (strchr (label, '('));
  }
  accels = gtk_application_get_accels_for_action (app, "win.first-divergence");
  g_assert_true (accels[0] != NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Item 4: LANG=zh_CN.UTF-8 where that locale is not generated still gives Chinese. The name
 * is one the C library lacks here: the real one where it is missing, else a made-up variant. */
static void
test_chinese_without_locale (void)
{
  const char *msvis = g_getenv ("MSVIS_BIN");
  const char *candidates[] = { "zh_CN.UTF-8", "zh_CN.UTF-8@msvistest" };
  const char *lang = NULL;
  g_auto(GStrv) env = g_get_environ ();
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_assert_nonnull (msvis);   /* meson test sets it */
  for (guint i = 0; i < G_N_ELEMENTS (candidates) && lang == NULL; i++)
    {
      locale_t loc = newlocale (LC_ALL_MASK, candidates[i], (locale_t) 0);

      if (loc == (locale_t) 0)
        lang = candidates[i];
      else
        freelocale (loc);
    }
  g_assert_nonnull (lang);

  env = g_environ_unsetenv (env, "LC_ALL");
  env = g_environ_unsetenv (env, "LC_MESSAGES");
  env = g_environ_unsetenv (env, "LANGUAGE");
  env = g_environ_setenv (env, "LANG", lang, TRUE);
  g_assert_true (g_spawn_sync (NULL, (char *[]) { (char *) msvis, "--help", NULL }, env, 0,
                               NULL, NULL, &out, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  /* "Usage:" */
  g_assert_nonnull (strstr (out, "用法"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  if (g_test_subprocess () && g_getenv ("MSVIS_TEST_LANGUAGE") != NULL)
    msvis_ui_test_set_language (g_getenv ("MSVIS_TEST_LANGUAGE"));

  g_test_add_func ("/window-text/title-not-hyphenated", test_title_not_hyphenated);
  g_test_add_func ("/window-text/link-not-underlined", test_link_not_underlined);
  g_test_add_func ("/window-text/chinese-toolbar", test_chinese_toolbar);
  g_test_add_func ("/window-text/chinese-without-locale", test_chinese_without_locale);
  g_test_add_func ("/window-text/window-title", test_window_title);

  if (msvis_ui_test_has_display ())
    {
      sample_dir = msvis_window_test_make_sample_dir ("text");
      sample_compare = msvis_window_test_build_sample (sample_dir, "compare", FALSE);
      app = msvis_window_test_new_app ();
    }

  status = g_test_run ();

  msvis_window_test_finish (&app, &sample_dir);
  g_free (sample_compare);
  return status;
}
