// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-find-test-util.h"
#include "msvis-ui-test-util.h"

guint
msvis_find_test_n_results (MsvisFindPanel *panel)
{
  guint n = 0;

  g_object_get (panel, "n-results", &n, NULL);
  return n;
}

typedef struct
{
  GtkEditable *entry;
  const char  *text;
  gboolean     done;
} Wait;

/* set_text() deletes, then inserts: the empty text in between is searched at once. Only a
 * notification while the entry holds the final text is the answer to it. */
static void
n_results_cb (GObject    *object,
              GParamSpec *pspec,
              Wait       *wait)
{
  if (strcmp (gtk_editable_get_text (wait->entry), wait->text) == 0)
    wait->done = TRUE;
}

static gboolean
wait_done (gpointer data)
{
  return ((Wait *)data)->done;
}

static gboolean
is_entry (GtkWidget     *widget,
          gconstpointer  data)
{
  return GTK_IS_SEARCH_ENTRY (widget);
}

/* Types @text and waits for the debounced search to end, however it runs. */
guint
msvis_find_test_type (MsvisFindPanel *panel,
                      const char     *text)
{
  GtkWidget *entry = msvis_ui_test_find_widget (GTK_WIDGET (panel), is_entry, NULL);
  Wait wait = { GTK_EDITABLE (entry), text, FALSE };
  gulong id = g_signal_connect (panel, "notify::n-results", G_CALLBACK (n_results_cb), &wait);

  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_assert_true (msvis_ui_test_spin_until (wait_done, &wait, 5000));
  g_signal_handler_disconnect (panel, id);
  return msvis_find_test_n_results (panel);
}
