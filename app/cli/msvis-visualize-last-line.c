// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

#include "msvis-cleanup.h"
#include "msvis-visualize-last-line.h"

/* msprobe catches KeyboardInterrupt, and its finally prints one more PROGRESS line with
 * "process_running": false. msvis dies by the signal instead (a shell sees 130), so the line
 * is written by the SIGINT handler: only async-signal-safe calls, no stdio, no localtime_r.
 * The line's JSON is made in advance whenever the log changes; a handler on another thread
 * may be reading the previous one, so none is ever freed. */

typedef struct
{
  char  *head;       /* " (PID) [INFO] PROGRESS: " */
  gsize  head_len;
  char  *json;       /* with "\n" */
  gsize  json_len;
  gint64 utc_offset; /* seconds east, when the line was made: the stamp is local time */
} LastLine;

static LastLine *volatile armed;
static GPtrArray *made;   /* every LastLine, kept for a handler that may still read one */

/* Howard Hinnant's civil_from_days: days since 1970-01-01 to a proleptic Gregorian date. */
static void
civil_from_days (gint64    z,
                 gint64   *year,
                 unsigned *month,
                 unsigned *day)
{
  gint64 era;
  unsigned doe, yoe, doy, mp;

  z += 719468;
  era = (z >= 0 ? z : z - 146096) / 146097;
  doe = (unsigned)(z - era * 146097);
  yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  mp = (5 * doy + 2) / 153;
  *day = doy - (153 * mp + 2) / 5 + 1;
  *month = mp < 10 ? mp + 3 : mp - 9;
  *year = (gint64)yoe + era * 400 + (*month <= 2);
}

static char *
put_digits (char   *out,
            gint64  value,
            int     width)
{
  for (int i = width - 1; i >= 0; i--, value /= 10)
    out[i] = (char)('0' + value % 10);
  return out + width;
}

/* "YYYY-MM-DD HH:MM:SS", as msprobe's logger stamps its lines */
static gsize
format_stamp (char   *out,
              gint64  local)
{
  gint64 days = local >= 0 ? local / 86400 : (local - 86399) / 86400;
  gint64 secs = local - days * 86400, year;
  unsigned month, day;
  char *p = out;

  civil_from_days (days, &year, &month, &day);
  p = put_digits (p, year, 4);
  *p++ = '-';
  p = put_digits (p, month, 2);
  *p++ = '-';
  p = put_digits (p, day, 2);
  *p++ = ' ';
  p = put_digits (p, secs / 3600, 2);
  *p++ = ':';
  p = put_digits (p, secs / 60 % 60, 2);
  *p++ = ':';
  p = put_digits (p, secs % 60, 2);
  return p - out;
}

static void
write_all (const char *bytes,
           gsize       length)
{
  while (length > 0)
    {
      ssize_t n = write (STDOUT_FILENO, bytes, length);

      if (n <= 0)
        return;
      bytes += n;
      length -= n;
    }
}

static void
on_interrupt (void)
{
  LastLine *line = __atomic_load_n (&armed, __ATOMIC_SEQ_CST);
  struct timespec now;
  char stamp[32];

  if (line == NULL || clock_gettime (CLOCK_REALTIME, &now) != 0)
    return;
  write_all (stamp, format_stamp (stamp, (gint64)now.tv_sec + line->utc_offset));
  write_all (line->head, line->head_len);
  write_all (line->json, line->json_len);
}

/**
 * msvis_visualize_last_line_set:
 * @json: (nullable): the progress JSON as it would read with "process_running": false, or
 *   %NULL once msvis has printed that line itself
 *
 * Flush stdout before: the handler writes past stdio's buffer.
 */
void
msvis_visualize_last_line_set (const char *json)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  LastLine *line = NULL;

  if (json != NULL)
    {
      line = g_new0 (LastLine, 1);
      line->head = g_strdup_printf (" (%d) [INFO] PROGRESS: ", (int)getpid ());
      line->head_len = strlen (line->head);
      line->json = g_strconcat (json, "\n", NULL);
      line->json_len = strlen (line->json);
      line->utc_offset = g_date_time_get_utc_offset (now) / G_TIME_SPAN_SECOND;
      if (made == NULL)
        made = g_ptr_array_new ();
      g_ptr_array_add (made, line);
    }
  __atomic_store_n (&armed, line, __ATOMIC_SEQ_CST);
  msvis_cleanup_set_interrupt_hook (on_interrupt);
}
