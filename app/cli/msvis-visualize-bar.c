// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "msvis-dump-layout.h"
#include "msvis-visualize-bar.h"
#include "msvis-visualize-help.h"

/* tqdm's format_meter for GraphConst.BAR_FORMAT, "{l_bar}{bar}| {percentage:3.0f}% [{elapsed}<
 * {remaining}, {rate_fmt}] ", total 100: the rate is the average (msprobe sets n, so tqdm has
 * no smoothed rate), the bar fills the terminal's width as it was at the start. */

#define TOTAL 100

struct _MsvisVisualizeBar
{
  GMutex   lock;
  GCond    wake;
  GThread *ticker;
  gboolean stop;
  gint64   start;       /* monotonic µs */
  guint    units;
  guint    n;           /* 0…TOTAL */
  int      ncols;
  gboolean ascii;
  gsize    last_width;  /* columns of the last line drawn, to blank what it leaves */
  char    *building;    /* the job's "Building %s" up to the name */
  guint    started;     /* folders the job began to build */
  guint    per_task;    /* folders said at once: both sides of a compare */
};

/* tqdm.format_interval */
static char *
format_interval (double seconds)
{
  int s = (int)seconds;
  int mins = s / 60, h = mins / 60;

  return h > 0 ? g_strdup_printf ("%d:%02d:%02d", h, mins % 60, s % 60)
               : g_strdup_printf ("%02d:%02d", mins % 60, s % 60);
}

/* tqdm's Bar: whole cells, then one of eight partial ones, then blanks. */
static void
append_bar (GString    *out,
            double      frac,
            int         cells,
            gboolean    ascii)
{
  static const char *const utf[] = { " ", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "█" };
  static const char *const plain[] = { " ", "1", "2", "3", "4", "5", "6", "7", "8", "9", "#" };
  const char *const *charset = ascii ? plain : utf;
  int nsyms = ascii ? 10 : 8;
  int eighths = (int)(frac * cells * nsyms);
  int full = eighths / nsyms;

  for (int i = 0; i < full; i++)
    g_string_append (out, charset[nsyms]);
  if (full < cells)
    {
      g_string_append (out, charset[eighths % nsyms]);
      for (int i = full + 1; i < cells; i++)
        g_string_append_c (out, ' ');
    }
}

static void
draw (MsvisVisualizeBar *bar,
      const char        *desc)
{
  double elapsed = (g_get_monotonic_time () - bar->start) / 1e6;
  double rate = elapsed > 0 ? bar->n / elapsed : 0;
  double frac = (double)bar->n / TOTAL;
  g_autofree char *elapsed_text = format_interval (elapsed);
  g_autofree char *remaining = rate > 0 ? format_interval ((TOTAL - bar->n) / rate)
                                        : g_strdup ("?");
  g_autofree char *rate_text = rate <= 0 ? g_strdup ("?it/s")
                               : 1 / rate > 1 ? g_strdup_printf ("%5.2fs/it", 1 / rate)
                                              : g_strdup_printf ("%5.2fit/s", rate);
  g_autofree char *left = g_strdup_printf ("%s: %3.0f%%|", desc, frac * 100);
  g_autofree char *right = g_strdup_printf ("| %3.0f%% [%s<%s, %s] ", frac * 100, elapsed_text,
                                            remaining, rate_text);
  g_autoptr(GString) line = g_string_new ("\r");
  int width;

  g_string_append (line, left);
  append_bar (line, frac,
              MAX (1, bar->ncols - msvis_visualize_columns_of (left, -1) -
                         msvis_visualize_columns_of (right, -1)),
              bar->ascii);
  g_string_append (line, right);
  width = msvis_visualize_columns_of (line->str + 1, -1);
  for (gsize i = width; i < bar->last_width; i++)
    g_string_append_c (line, ' ');
  bar->last_width = width;
  /* Bytes as they are: stdio's conversion would turn the cells into "?" in the C locale. */
  if (write (STDERR_FILENO, line->str, line->len) < 0)
    return;
}

static gpointer
tick (gpointer data)
{
  MsvisVisualizeBar *bar = data;
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&bar->lock);

  while (!bar->stop)
    {
      gint64 until = g_get_monotonic_time () + G_TIME_SPAN_MILLISECOND * 100;

      if (!g_cond_wait_until (&bar->wake, &bar->lock, until) && !bar->stop)
        draw (bar, _("[Graph] Overall Progress"));
    }
  return NULL;
}

MsvisVisualizeBar *
msvis_visualize_bar_new (guint units)
{
  MsvisVisualizeBar *bar;
  struct winsize size;
  const char *ctype = setlocale (LC_CTYPE, NULL);

  if (!isatty (STDERR_FILENO))
    return NULL;
  bar = g_new0 (MsvisVisualizeBar, 1);
  g_mutex_init (&bar->lock);
  g_cond_init (&bar->wake);
  bar->start = g_get_monotonic_time ();
  bar->units = MAX (units, 1);
  /* tqdm asks the terminal, then COLUMNS; Python writes UTF-8 in the C locale too. */
  bar->ncols = ioctl (STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0
    ? size.ws_col : 80;
  bar->ascii = !g_get_charset (NULL) && ctype != NULL && strcmp (ctype, "C") != 0 &&
               strcmp (ctype, "POSIX") != 0;
  draw (bar, _("[Graph] Overall Progress"));
  bar->ticker = g_thread_new ("msvis-bar", tick, bar);
  return bar;
}

void
msvis_visualize_bar_set (MsvisVisualizeBar *bar,
                         guint              done)
{
  g_autoptr(GMutexLocker) locker = NULL;
  guint n;

  if (bar == NULL)
    return;
  locker = g_mutex_locker_new (&bar->lock);
  n = MIN ((guint64)done * TOTAL / bar->units, TOTAL - 1);
  if (n > bar->n)
    {
      bar->n = n;
      draw (bar, _("[Graph] Overall Progress"));
    }
}

void
msvis_visualize_bar_finish (MsvisVisualizeBar *bar,
                            gboolean           completed)
{
  if (bar == NULL)
    return;
  g_mutex_lock (&bar->lock);
  bar->stop = TRUE;
  g_cond_signal (&bar->wake);
  g_mutex_unlock (&bar->lock);
  g_thread_join (bar->ticker);
  if (completed)
    bar->n = TOTAL;
  draw (bar, completed ? _("[Graph] All tasks completed") : _("[Graph] Overall Progress"));
  if (write (STDERR_FILENO, "\n", 1) < 0)
    g_debug ("stderr is gone");
  g_cond_clear (&bar->wake);
  g_mutex_clear (&bar->lock);
  g_free (bar->building);
  g_free (bar);
}

/* The dump folders a run builds: one, one per rank, or one per rank of each step. */
static guint
count_builds (const char *path)
{
  g_autoptr(GFile) dir = g_file_new_for_commandline_arg (path);
  g_autoptr(GPtrArray) steps = NULL;
  MsvisDumpLayout layout;
  guint n = 0;

  if (!msvis_dump_layout_detect (dir, &layout, NULL, NULL) || layout == MSVIS_DUMP_LAYOUT_FILES)
    return 1;
  if (layout == MSVIS_DUMP_LAYOUT_RANKS)
    {
      g_autoptr(GPtrArray) ranks = msvis_dump_layout_list_ranks (dir, NULL, NULL);

      return ranks != NULL ? MAX (ranks->len, 1) : 1;
    }
  steps = msvis_dump_layout_list (dir, "step", NULL, NULL);
  for (guint i = 0; steps != NULL && i < steps->len; i++)
    {
      g_autoptr(GFile) step = g_file_get_child (dir, g_ptr_array_index (steps, i));
      g_autoptr(GPtrArray) ranks = msvis_dump_layout_list_ranks (step, NULL, NULL);

      n += ranks != NULL ? ranks->len : 0;
    }
  return MAX (n, 1);
}

/**
 * msvis_visualize_bar_start:
 * @golden: (nullable): -gp
 *
 * Returns: (nullable): a bar whose units are the folders to build and the writing, or %NULL
 * when stderr is not a terminal (nothing is counted then)
 */
MsvisVisualizeBar *
msvis_visualize_bar_start (const char *target,
                           const char *golden)
{
  MsvisVisualizeBar *bar;
  const char *building = _("Building %s");
  const char *at = strstr (building, "%s");

  if (!isatty (STDERR_FILENO))
    return NULL;
  bar = msvis_visualize_bar_new (count_builds (target) + (golden ? count_builds (golden) : 0) + 1);
  bar->building = at != NULL ? g_strndup (building, at - building) : g_strdup (building);
  bar->per_task = golden != NULL ? 2 : 1;
  return bar;
}

/* A MsvisGraphJobProgress: the job says "Building …" as it starts each folder, both of a
 * compare's pair at once, so a pair's start is the end of the pair before. */
void
msvis_visualize_bar_job_progress (const char *message,
                                  gpointer    data)
{
  MsvisVisualizeBar *bar = data;

  if (bar == NULL || !g_str_has_prefix (message, bar->building))
    return;
  bar->started++;
  msvis_visualize_bar_set (bar, (bar->started - 1) / bar->per_task * bar->per_task);
}
