// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "msvis-cleanup.h"
#include "msvis-command-line.h"
#include "msvis-dump-layout.h"
#include "msvis-graph-job.h"
#include "msvis-json-writer.h"
#include "msvis-visualize-args.h"
#include "msvis-visualize-bar.h"
#include "msvis-visualize-help.h"
#include "msvis-visualize-last-line.h"
#include "msvis-visualize-paths.h"
#include "msvis-visualize-select.h"

/* `msvis graph_visualize`: mindstudio-probe 26.0.0's command (msprobe-2026.md §1), its checks
 * in msprobe's order (§1.3) and its -progress_log lines (§1.6), run by the one graph job with
 * era 2026. */

typedef struct
{
  gboolean   enabled;
  GPtrArray *errors;   /* every error logged so far, for error_msg */
  int        progress;
  gboolean   running;
} ProgressLog;

/* The dict msprobe dumps, keys in its order (msprobe-2026.md §1.6). */
static char *
progress_json (ProgressLog *log,
               gboolean     running)
{
  GString *json = g_string_new (NULL);

  g_string_printf (json, "{\"current_progress\": %d, \"process_running\": %s, \"error_msg\": [",
                   log->progress, running ? "true" : "false");
  for (guint i = 0; i < log->errors->len; i++)
    {
      const char *text = g_ptr_array_index (log->errors, i);

      if (i > 0)
        g_string_append (json, ", ");
      msvis_json_append_escaped (json, text, strlen (text));
    }
  g_string_append (json, "]}");
  return g_string_free (json, FALSE);
}

/* What Ctrl+C would print now: the line of process_running turning false, until printed. */
static void
progress_arm (ProgressLog *log)
{
  g_autofree char *last = NULL;

  if (!log->enabled)
    return;
  fflush (stdout);
  if (log->running)
    last = progress_json (log, FALSE);
  msvis_visualize_last_line_set (last);
}

/* "YYYY-MM-DD HH:MM:SS (PID) [INFO] PROGRESS: {json}" on stdout, as msprobe's logger prints. */
static void
progress_print (ProgressLog *log)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d %H:%M:%S");
  g_autofree char *json = NULL;

  if (!log->enabled)
    return;
  json = progress_json (log, log->running);
  g_print ("%s (%d) [INFO] PROGRESS: %s\n", stamp, (int)getpid (), json);
  progress_arm (log);
}

/* logger.error: on stderr, and into error_msg with a line of its own when asked. */
static void
log_error (ProgressLog *log,
           const char  *message)
{
  g_printerr ("msvis graph_visualize: %s\n", message);
  g_ptr_array_add (log->errors, g_strdup (message));
  progress_print (log);
}

static int
fail (ProgressLog *log,
      const char  *message)
{
  log_error (log, message);
  log->running = FALSE;
  progress_print (log);
  return 1;
}

/* load_parallel_param (utils.py:137-172): the list lengths, before anything is read. */
static const char *
check_parallel_lengths (const MsvisVisualizeArgs *args)
{
  GArray *lists[] = { args->rank_size, args->tp, args->pp };
  guint want = args->golden_path ? 2 : 1;

  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    if (lists[i] == NULL || lists[i]->len == 0)
      return _("In the graph merge task, parameters \"tp/pp/rank_size\" is required!");
  if (!args->golden_path && args->rank_size->len != 1)
    return _("In the graph merge build task, the number of parameters \"rank_size\" to be "
             "filled in is either 1!");
  if (args->golden_path && args->rank_size->len != 2)
    return _("In the graph merge compare task, the number of parameters \"rank_size\" to be "
             "filled in is either 2!");
  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    if (lists[i]->len != want)
      return want == 1
        ? _("In the graph merge build task, the number of parameters \"tp/pp/rank_size\" to be "
            "filled in is either 1!")
        : _("In the graph merge compare task, the number of parameters \"tp/pp/rank_size\" to "
            "be filled in is either 2!");
  return NULL;
}

static MsvisJsonValue *
int_value (MsvisArena *arena,
           int         v)
{
  MsvisJsonValue *value = msvis_json_value_new (arena, MSVIS_JSON_INT);

  value->i = v;
  return value;
}

/* The sides' parameters as compare.json's parallel_merge holds them. A compare takes --vpp
 * and --order only as two values, else 1 and tp-cp-ep-dp-pp for both sides (§1.2). */
static MsvisJsonValue *
parallel_merge_value (const MsvisVisualizeArgs *args,
                      MsvisArena               *arena)
{
  MsvisJsonValue *merge = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);
  guint sides = args->golden_path ? 2 : 1;

  for (guint s = 0; s < sides; s++)
    {
      MsvisJsonValue *side = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);
      gboolean own_vpp = sides == 1 || args->vpp->len == 2;
      gboolean own_order = sides == 1 || args->order->len == 2;

      msvis_json_value_set_member (arena, side, "rank_size",
                                   int_value (arena, g_array_index (args->rank_size, int, s)));
      msvis_json_value_set_member (arena, side, "tp",
                                   int_value (arena, g_array_index (args->tp, int, s)));
      msvis_json_value_set_member (arena, side, "pp",
                                   int_value (arena, g_array_index (args->pp, int, s)));
      msvis_json_value_set_member (arena, side, "vpp",
                                   int_value (arena, own_vpp ? g_array_index (args->vpp, int, s)
                                                             : 1));
      msvis_json_value_set_member (arena, side, "order",
                                   msvis_json_value_new_string (
                                     arena, own_order ? g_ptr_array_index (args->order, s)
                                                      : "tp-cp-ep-dp-pp"));
      msvis_json_value_set_member (arena, merge, s == 0 ? "npu" : "bench", side);
    }
  return merge;
}

/* msprobe checks -tp and -gp first, and -o only when it writes; here -o and a -lm file are
 * checked before anything is read, so that a wrong name costs no build. */
static gboolean
check_paths (const MsvisVisualizeArgs  *args,
             GError                   **error)
{
  return msvis_visualize_check_dump_dir ("-tp/--target_path", args->target_path, error) &&
         (args->golden_path == NULL ||
          msvis_visualize_check_dump_dir ("-gp/--golden_path", args->golden_path, error)) &&
         msvis_visualize_check_output ("-o/--output_path", args->output_path, error) &&
         (args->golden_path == NULL || args->layer_mapping == NULL ||
          msvis_visualize_check_yaml ("-lm/--layer_mapping", args->layer_mapping, error));
}

static int
run (MsvisVisualizeArgs *args,
     ProgressLog        *log)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) written = NULL;
  gboolean merge = args->rank_size != NULL && args->rank_size->len > 0;
  MsvisGraphJob job = { 0 };
  MsvisVisualizeBar *bar;
  const char *length_error;

  if (merge && (length_error = check_parallel_lengths (args)) != NULL)
    return fail (log, length_error);
  if (strcmp (args->file_type, "json") == 0 && args->golden_path != NULL)
    return fail (log, _("The --file_type json parameter is not supported in graph comparison "
                        "mode. Please remove the -gp/--golden_path parameter or use "
                        "--file_type db."));
  if (strcmp (args->file_type, "json") == 0 && !merge)
    g_printerr ("msvis graph_visualize: %s\n",
                _("The --file_type json parameter is only supported in graph merge build "
                  "scenarios. Falling back to default db output."));
  if (!check_paths (args, &error))
    return fail (log, error->message);
  if (merge && strcmp (args->file_type, "json") == 0 && args->golden_path == NULL)
    {
      g_autoptr(GFile) target = g_file_new_for_commandline_arg (args->target_path);
      MsvisDumpLayout layout;

      if (!msvis_dump_layout_detect (target, &layout, NULL, &error))
        return fail (log, error->message);
      if (layout == MSVIS_DUMP_LAYOUT_FILES)
        return fail (log, _("You have specified the \"--rank_size\" parameter for data merging, "
                            "so the \"-tp\" parameter must pass in multiple rank data."));
      job.merge_json = TRUE;
    }

  if (!msvis_visualize_select (args, merge, &job, &error))
    return fail (log, error->message);
  job.era = MSVIS_ERA_2026;
  job.npu_path = args->target_path;
  job.bench_path = args->golden_path;
  job.output_dir = args->output_path;
  job.config_path = args->target_path;   /* names the run in messages of the merge */
  job.overflow_check = args->overflow_check;
  job.fuzzy_match = args->fuzzy_match;
  if (args->layer_mapping_set)
    job.layer_mapping = args->layer_mapping ? args->layer_mapping : "";
  job.format = MSVIS_GRAPH_JOB_FORMAT_DB;
  if (merge)
    job.parallel_merge = parallel_merge_value (args, arena);
  job.warnings = g_ptr_array_new_with_free_func (g_free);

  bar = msvis_visualize_bar_start (args->target_path, args->golden_path);
  written = msvis_graph_job_run (&job, msvis_visualize_bar_job_progress, bar, NULL, &error);
  msvis_visualize_bar_finish (bar, written != NULL);
  msvis_visualize_select_clear (&job);
  for (guint i = 0; i < job.warnings->len; i++)
    g_printerr ("msvis graph_visualize: %s\n", (char *)g_ptr_array_index (job.warnings, i));
  g_ptr_array_unref (job.warnings);
  if (written == NULL)
    return fail (log, error->message);

  log->progress = 100;
  progress_print (log);
  for (guint i = 0; i < written->len; i++)
    g_print ("%s\n", (char *)g_ptr_array_index (written, i));
  fflush (stdout);
  log->running = FALSE;
  progress_print (log);
  return 0;
}

int
msvis_command_line_graph_visualize (int    argc,
                                    char **argv)
{
  MsvisVisualizeArgs args;
  g_autofree char *message = NULL;
  g_autofree char *interrupted = NULL, *interrupted_local = NULL;
  ProgressLog log = { FALSE, NULL, 0, TRUE };
  int status;

  if (!msvis_visualize_args_parse (&args, argc, argv, &message))
    {
      g_autofree char *usage = msvis_visualize_usage_text ();

      /* argparse's error(): the usage, then the message. */
      g_printerr ("%smsvis graph_visualize: error: %s\n", usage, message);
      msvis_visualize_args_clear (&args);
      return 2;
    }
  if (args.help)
    {
      msvis_visualize_args_print_help ();
      msvis_visualize_args_clear (&args);
      return 0;
    }

  /* msprobe logs this warning on KeyboardInterrupt; the cleanup's handler says it here, after
   * the bar's line when there is one, then removes the temporary files and lets the signal
   * end msvis, so that a shell sees 130 and a script stops (msprobe itself exits 0). */
  interrupted = g_strdup_printf ("%smsvis graph_visualize: %s\n",
                                 isatty (STDERR_FILENO) ? "\n" : "",
                                 _("Interrupted by user, terminating processes and cleaning "
                                   "up..."));
  /* The handler writes bytes as they are: in the locale's encoding, as g_printerr would. */
  interrupted_local = g_locale_from_utf8 (interrupted, -1, NULL, NULL, NULL);
  msvis_cleanup_set_interrupt_notice (interrupted_local ? interrupted_local : interrupted);
  log.enabled = args.progress_log;
  log.errors = g_ptr_array_new_with_free_func (g_free);
  progress_arm (&log);
  status = run (&args, &log);
  g_ptr_array_unref (log.errors);
  msvis_visualize_args_clear (&args);
  return status;
}
