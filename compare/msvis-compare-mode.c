// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-compare-mode.h"
#include "msvis-json-writer.h"

/* The texts below are data of the .vis format that tb_graph_ascend shows as they are, so they
 * stay in Chinese and are not translated (node_colors.py and ToolTip in msprobe). */

typedef struct
{
  const char *key;
  const char *text;
} Tip;

typedef struct
{
  const char *hex;
  const char *low;    /* JSON numbers as msprobe writes them; NULL for [] */
  const char *high;
  const char *description;
} Color;

#define SUMMARY_DESCRIPTION \
  "此节点所有输入输出的统计量相对误差, 值越大代表测量值与标杆值的偏差越大"\
  ", 相对误差计算方式:|(测量值-标杆值)/标杆值|"
#define NOT_MATCHED \
  "比对过程中节点未匹配上"
#define MD5_DESCRIPTION_Y \
  "与标杆相比, 此节点所有输入输出的md5值相同"
#define MD5_DESCRIPTION_N \
  "与标杆相比, 此节点任意输入输出的md5值不同"
#define REAL_DATA_DESCRIPTION \
  "此节点所有输入的最小双千分之一和所有输出的最小双千分之一的差值的绝对值,"\
  " 代表双千指标的变化情况, 值越大代表测量值与标杆值的偏差越大, 双千分"\
  "之一指标计算方式：Tensor中的元素逐个与对应的标杆数据对比，相对误差"\
  "小于千分之一的比例占总元素个数的比例，比例越接近1越好"

static const Tip summary_tips[] = {
  { "Max diff",
    "NPU与标杆API统计信息比对，最大值的差值" },
  { "Min diff",
    "NPU与标杆API统计信息比对，最小值的差值" },
  { "Mean diff",
    "NPU与标杆API统计信息比对，平均值的差值" },
  { "L2norm diff",
    "NPU与标杆API统计信息比对，2范数（平方根）的差值" },
};

static const Tip md5_tips[] = {
  { "md5",
    "数据MD5信息，用于比较两个数据信息是否完全一致" },
};

static const Tip real_data_tips[] = {
  { "One Thousandth Err Ratio",
    "Tensor中的元素逐个与对应的标杆数据对比，相对误差小于千分之一的比例"
    "占总元素个数的比例，比例越接近1越好" },
  { "Five Thousandths Err Ratio",
    "Tensor中的元素逐个与对应的标杆数据对比，相对误差小于千分之五的比例"
    "占总元素个数的比例，比例越接近1越好" },
  { "Cosine",
    "通过计算两个向量的余弦值来判断其相似度，数值越接近于1说明计算出的两个张"
    "量越相似，实际可接受阈值为大于0.99。在计算中可能会存在nan，主要由"
    "于可能会出现其中一个向量为0" },
  { "MaxAbsErr",
    "当最大绝对误差越接近0表示其计算的误差越小，实际可接受阈值为小于0.00"
    "1" },
  { "MaxRelativeErr",
    "当最大相对误差越接近0表示其计算的误差越小。当dump数据中存在0或Na"
    "n时，比对结果中最大相对误差则出现inf或Nan的情况，属于正常现象" },
};

static const Color summary_colors[] = {
  { "#FFFCF3", "0", "0.2", SUMMARY_DESCRIPTION },
  { "#FFEDBE", "0.2", "0.4", SUMMARY_DESCRIPTION },
  { "#FFDC7F", "0.4", "0.6", SUMMARY_DESCRIPTION },
  { "#FFC62E", "0.6", "0.8", SUMMARY_DESCRIPTION },
  { "#FF704D", "0.8", "1", SUMMARY_DESCRIPTION },
  { "#C7C7C7", NULL, NULL, NOT_MATCHED },
};

static const Color md5_colors[] = {
  { "#FFFCF3", "1", "1", MD5_DESCRIPTION_Y },
  { "#FF704D", "0", "0", MD5_DESCRIPTION_N },
  { "#C7C7C7", NULL, NULL, NOT_MATCHED },
};

static const Color real_data_colors[] = {
  { "#FFFCF3", "0", "0.05", REAL_DATA_DESCRIPTION },
  { "#FFEDBE", "0.05", "0.1", REAL_DATA_DESCRIPTION },
  { "#FFDC7F", "0.1", "0.15", REAL_DATA_DESCRIPTION },
  { "#FFC62E", "0.15", "0.2", REAL_DATA_DESCRIPTION },
  { "#FF704D", "0.2", "1", REAL_DATA_DESCRIPTION },
  { "#C7C7C7", NULL, NULL, NOT_MATCHED },
};
static const Color structure_colors[] = {
  { "#C7C7C7", NULL, NULL, NOT_MATCHED },
};

/**
 * msvis_compare_mode_from_header:
 *
 * get_dump_mode: the task of dump.json, and for statistics whether items carry md5.
 *
 * Returns: %FALSE for a task msprobe does not compare
 */
gboolean
msvis_compare_mode_from_header (const MsvisDumpHeader *header,
                                MsvisCompareMode      *mode)
{
  if (g_strcmp0 (header->task, "tensor") == 0)
    *mode = MSVIS_COMPARE_REAL_DATA;
  else if (g_strcmp0 (header->task, "structure") == 0)
    *mode = MSVIS_COMPARE_STRUCTURE;
  else if (g_strcmp0 (header->task, "statistics") == 0)
    *mode = header->has_md5 ? MSVIS_COMPARE_MD5 : MSVIS_COMPARE_SUMMARY;
  else
    return FALSE;
  return TRUE;
}

/* The .vis "task": the dump mode's name. */
const char *
msvis_compare_mode_task (MsvisCompareMode mode)
{
  switch (mode)
    {
    case MSVIS_COMPARE_MD5: return "md5";
    case MSVIS_COMPARE_REAL_DATA: return "all";
    case MSVIS_COMPARE_STRUCTURE: return "structure";
    case MSVIS_COMPARE_SUMMARY:
    default: return "summary";
    }
}

/**
 * msvis_compare_mode_from_task:
 * @task: (nullable): a file's task, as msvis_compare_mode_task() names the modes
 *
 * Returns: whether @task names a mode, then in @mode
 */
gboolean
msvis_compare_mode_from_task (const char       *task,
                              MsvisCompareMode *mode)
{
  static const MsvisCompareMode modes[] = {
    MSVIS_COMPARE_SUMMARY, MSVIS_COMPARE_MD5, MSVIS_COMPARE_REAL_DATA, MSVIS_COMPARE_STRUCTURE,
  };

  for (guint i = 0; task != NULL && i < G_N_ELEMENTS (modes); i++)
    if (strcmp (task, msvis_compare_mode_task (modes[i])) == 0)
      {
        *mode = modes[i];
        return TRUE;
      }
  return FALSE;
}

/**
 * msvis_compare_mode_tooltip:
 *
 * Returns: (transfer full): json.dumps() of the mode's tooltips, ASCII-escaped
 */
char *
msvis_compare_mode_tooltip (MsvisCompareMode mode)
{
  const Tip *tips = real_data_tips;
  guint n = G_N_ELEMENTS (real_data_tips);
  GString *out = g_string_new ("{");

  if (mode == MSVIS_COMPARE_SUMMARY)
    {
      tips = summary_tips;
      n = G_N_ELEMENTS (summary_tips);
    }
  else if (mode == MSVIS_COMPARE_MD5)
    {
      tips = md5_tips;
      n = G_N_ELEMENTS (md5_tips);
    }

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      msvis_json_append_escaped (out, tips[i].key, strlen (tips[i].key));
      g_string_append (out, ": ");
      msvis_json_append_escaped (out, tips[i].text, strlen (tips[i].text));
    }
  g_string_append_c (out, '}');
  return g_string_free (out, FALSE);
}

static MsvisJsonValue *
number (MsvisArena *arena,
        const char *text)
{
  gboolean is_float = strchr (text, '.') != NULL;
  MsvisJsonValue *value = msvis_json_value_new (arena, is_float ? MSVIS_JSON_FLOAT
                                                                : MSVIS_JSON_INT);

  if (is_float)
    value->f = g_ascii_strtod (text, NULL);
  else
    value->i = g_ascii_strtoll (text, NULL, 10);
  return value;
}

/**
 * msvis_compare_mode_colors:
 *
 * Returns: (transfer none): the legend, {hex: {"value": [low, high], "description": …}}
 */
MsvisJsonValue *
msvis_compare_mode_colors (MsvisCompareMode  mode,
                           MsvisArena       *arena)
{
  const Color *colors = structure_colors;
  guint n = G_N_ELEMENTS (structure_colors);
  MsvisJsonValue *legend = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);

  switch (mode)
    {
    case MSVIS_COMPARE_SUMMARY:
      colors = summary_colors;
      n = G_N_ELEMENTS (summary_colors);
      break;
    case MSVIS_COMPARE_MD5:
      colors = md5_colors;
      n = G_N_ELEMENTS (md5_colors);
      break;
    case MSVIS_COMPARE_REAL_DATA:
      colors = real_data_colors;
      n = G_N_ELEMENTS (real_data_colors);
      break;
    case MSVIS_COMPARE_STRUCTURE:
    default:
      break;
    }

  for (guint i = 0; i < n; i++)
    {
      MsvisJsonValue *entry = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);
      MsvisJsonValue *range = msvis_json_value_new (arena, MSVIS_JSON_ARRAY);

      if (colors[i].low != NULL)
        {
          msvis_json_value_append (range, number (arena, colors[i].low));
          msvis_json_value_append (range, number (arena, colors[i].high));
        }
      msvis_json_value_set_member (arena, entry, "value", range);
      msvis_json_value_set_member (arena, entry, "description",
                                   msvis_json_value_new_string (arena, colors[i].description));
      msvis_json_value_set_member (arena, legend, colors[i].hex, entry);
    }
  return legend;
}

/**
 * msvis_compare_mode_ignores:
 *
 * _ignore_precision_index: APIs that make uninitialised tensors have a fixed index, since
 * their values mean nothing. The second dotted part of the id names the API.
 */
gboolean
msvis_compare_mode_ignores (const char *node_id)
{
  static const char *const apis[] = {
    "empty", "empty_like", "empty_with_format", "new_empty_strided", "new_empty",
    "empty_strided",
  };
  const char *start = strchr (node_id, '.'), *end;

  if (start == NULL)
    return FALSE;
  start++;
  end = strchrnul (start, '.');
  for (guint i = 0; i < G_N_ELEMENTS (apis); i++)
    if (strlen (apis[i]) == (gsize)(end - start) && memcmp (apis[i], start, end - start) == 0)
      return TRUE;
  return FALSE;
}
