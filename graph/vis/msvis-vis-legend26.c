// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-json-writer.h"
#include "msvis-vis-legend26.h"

/* NodeColors of 26.0.0 (msprobe-2026.md §9.1): four levels with an accuracy_level, the same
 * ranges in every mode. The descriptions are data of the format, msprobe's Chinese texts,
 * and are not translated. */

#define STAT_TEXT "此节点所有输入输出的统计量误差, 颜色越深代表调试侧与标杆侧的偏差越大"
#define REAL_TEXT "此节点所有输入输出的 tensor 误差, 颜色越深代表调试侧与标杆侧的偏差越大"
#define MD5_SAME "与标杆相比, 此节点所有输入输出的md5值相同"
#define MD5_DIFF "与标杆相比, 此节点任意输入输出的md5值不同"
#define UNMATCHED "比对过程中节点未匹配上"

static void
append_entry (GString    *out,
              const char *color,
              const char *range,
              const char *description,
              const char *level)
{
  if (out->len > 1)
    g_string_append (out, ", ");
  g_string_append_printf (out, "\"%s\": {\"value\": %s, \"description\": ", color, range);
  msvis_json_append_escaped (out, description, strlen (description));
  g_string_append (out, ", \"accuracy_level\": ");
  msvis_json_append_escaped (out, level, strlen (level));
  g_string_append_c (out, '}');
}

/**
 * msvis_vis_legend26_colors:
 * @task: "summary", "md5", "all" or "structure"; %NULL for a build
 *
 * Returns: (transfer full): tb_config.node_colors as json.dumps() writes it
 */
char *
msvis_vis_legend26_colors (const char *task)
{
  GString *out;
  const char *pass = STAT_TEXT, *fail = STAT_TEXT;

  if (task == NULL)
    return g_strdup ("null");

  out = g_string_new ("{");
  if (strcmp (task, "md5") == 0)
    pass = MD5_SAME, fail = MD5_DIFF;
  else if (strcmp (task, "all") == 0)
    pass = fail = REAL_TEXT;
  if (strcmp (task, "structure") != 0)
    {
      append_entry (out, "#FFFCF3", "[0, 0.3]", pass, "pass");
      append_entry (out, "#FFDC7F", "[0.3, 0.6]", fail, "warning");
      append_entry (out, "#FF704D", "[0.6, 1]", fail, "error");
    }
  append_entry (out, "#C7C7C7", "[]", UNMATCHED, "unmatched node");
  g_string_append_c (out, '}');
  return g_string_free (out, FALSE);
}
