// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include "msvis-overflow.h"

#define MUTATION_RATIO 100.0

struct _MsvisOverflowCheck
{
  GHashTable *levels;   /* entry name -> GINT_TO_POINTER (MsvisOverflowLevel) */
};

/* ignore_rules.yaml: anomalies only at these positions do not count. */
typedef struct
{
  const char *api;          /* the first two name parts, lower-cased */
  gint        input_index;  /* -1: none */
  const char *input_name;   /* NULL: none */
  gint        output_index; /* -1: none */
} IgnoreRule;

static const IgnoreRule ignore_rules[] = {
  { "torch.empty", -1, NULL, 0 },
  { "torch.empty_like", -1, NULL, 0 },
  { "torch.empty_strided", -1, NULL, 0 },
  { "distributed.recv", 0, "tensor", -1 },
  { "distributed.all_gather", 0, NULL, -1 },
  { "distributed.reduce_scatter", 0, "output", -1 },
  { "distributed._reduce_scatter_base", 0, NULL, -1 },
  { "distributed.all_gather_into_tensor", 0, NULL, -1 },
  { "distributed.reduce_scatter_tensor", 0, NULL, -1 },
  { "tensor.masked_fill_", 0, NULL, -1 },
};

MsvisOverflowCheck *
msvis_overflow_check_new (void)
{
  MsvisOverflowCheck *self = g_new0 (MsvisOverflowCheck, 1);

  self->levels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return self;
}

void
msvis_overflow_check_free (MsvisOverflowCheck *self)
{
  if (self == NULL)
    return;

  g_hash_table_unref (self->levels);
  g_free (self);
}

/* str(v).lower() in ("inf", "-inf", "nan") */
static gboolean
is_nan_inf_value (const MsvisJsonValue *v)
{
  if (v->kind == MSVIS_JSON_FLOAT)
    return !isfinite (v->f);
  if (v->kind == MSVIS_JSON_STRING)
    return g_ascii_strcasecmp (v->s, "inf") == 0 || g_ascii_strcasecmp (v->s, "-inf") == 0 ||
           g_ascii_strcasecmp (v->s, "nan") == 0;
  return FALSE;
}

/* has_nan_inf: a dict whose own Max, Min or Mean is inf or nan. */
static gboolean
has_nan_inf (const MsvisJsonValue *v)
{
  if (v == NULL || v->kind != MSVIS_JSON_OBJECT)
    return FALSE;

  msvis_json_value_foreach (member, v)
    if ((strcmp (member->key, "Max") == 0 || strcmp (member->key, "Min") == 0 ||
         strcmp (member->key, "Mean") == 0) && is_nan_inf_value (member))
      return TRUE;

  return FALSE;
}

/* Lists are searched at any depth; dicts are never entered. */
static gboolean
is_anomalous (const MsvisJsonValue *v)
{
  if (v->kind == MSVIS_JSON_OBJECT)
    return has_nan_inf (v);
  if (v->kind == MSVIS_JSON_ARRAY)
    msvis_json_value_foreach (element, v)
      if (is_anomalous (element))
        return TRUE;
  return FALSE;
}

static gboolean
any_anomalous (const MsvisJsonValue *container)
{
  if (container == NULL ||
      (container->kind != MSVIS_JSON_ARRAY && container->kind != MSVIS_JSON_OBJECT))
    return FALSE;

  msvis_json_value_foreach (element, container)
    if (is_anomalous (element))
      return TRUE;
  return FALSE;
}

/* The largest Norm of the top-level torch tensors, ignoring NaN; FALSE if there is none. */
static gboolean
max_norm (const MsvisJsonValue *container,
          double               *max)
{
  gboolean found = FALSE;

  if (container == NULL ||
      (container->kind != MSVIS_JSON_ARRAY && container->kind != MSVIS_JSON_OBJECT))
    return FALSE;

  msvis_json_value_foreach (t, container)
    {
      const MsvisJsonValue *norm = msvis_json_value_get_member (t, "Norm");
      double value;

      if (g_strcmp0 (msvis_json_value_get_string (msvis_json_value_get_member (t, "type")),
                     "torch.Tensor") != 0 || norm == NULL)
        continue;
      if (norm->kind == MSVIS_JSON_FLOAT)
        value = norm->f;
      else if (norm->kind == MSVIS_JSON_INT)
        value = norm->i;
      else if (norm->kind == MSVIS_JSON_BOOL)
        value = norm->b;
      else
        continue;
      if (isnan (value))
        continue;
      if (!found || value > *max)
        *max = value;
      found = TRUE;
    }

  return found;
}

static gboolean
is_numerical_mutation (const MsvisJsonValue *args,
                       const MsvisJsonValue *kwargs,
                       const MsvisJsonValue *outputs)
{
  double in_args = 0, in_kwargs = 0, in_max, out_max = 0;
  gboolean has_args = max_norm (args, &in_args);
  gboolean has_kwargs = max_norm (kwargs, &in_kwargs);

  if ((!has_args && !has_kwargs) || !max_norm (outputs, &out_max))
    return FALSE;

  in_max = has_args && has_kwargs ? MAX (in_args, in_kwargs) : has_args ? in_args : in_kwargs;
  if (in_max == 0)
    return out_max > MUTATION_RATIO;
  return out_max / in_max > MUTATION_RATIO;
}

static const IgnoreRule *
find_rule (const char *name)
{
  g_auto(GStrv) parts = g_strsplit (name, ".", 3);
  g_autofree char *key = NULL;

  if (parts[0] == NULL)
    return NULL;
  key = parts[1] ? g_strconcat (parts[0], ".", parts[1], NULL) : g_strdup (parts[0]);
  g_strstrip (key);
  for (char *p = key; *p; p++)
    *p = g_ascii_tolower (*p);

  for (guint i = 0; i < G_N_ELEMENTS (ignore_rules); i++)
    if (strcmp (ignore_rules[i].api, key) == 0)
      return &ignore_rules[i];
  return NULL;
}

/* A rule drops the entry when every anomaly in the categories it names sits where it says
 * anomalies are expected. Categories the rule does not name are not looked at. */
static gboolean
is_ignored (const IgnoreRule     *rule,
            const MsvisJsonValue *args,
            const MsvisJsonValue *kwargs,
            const MsvisJsonValue *outputs)
{
  gint i;

  if (rule->input_index >= 0 && args && args->kind == MSVIS_JSON_ARRAY)
    {
      i = 0;
      msvis_json_value_foreach (a, args)
        {
          if (has_nan_inf (a) && i != rule->input_index)
            return FALSE;
          i++;
        }
    }
  if (rule->input_name != NULL && kwargs && kwargs->kind == MSVIS_JSON_OBJECT)
    msvis_json_value_foreach (v, kwargs)
      if (has_nan_inf (v) && strcmp (v->key, rule->input_name) != 0)
        return FALSE;
  if (rule->output_index >= 0 && outputs && outputs->kind == MSVIS_JSON_ARRAY)
    {
      i = 0;
      msvis_json_value_foreach (o, outputs)
        {
          if (has_nan_inf (o) && i != rule->output_index)
            return FALSE;
          i++;
        }
    }

  return TRUE;
}

/**
 * msvis_overflow_check_entry:
 * @self: (type MsvisOverflowCheck): the check
 *
 * A #MsvisDumpEntryFunc: judges one dump.json entry.
 */
gboolean
msvis_overflow_check_entry (const char            *name,
                            const MsvisJsonValue  *entry,
                            gpointer               user_data,
                            GError               **error)
{
  MsvisOverflowCheck *self = user_data;
  const MsvisJsonValue *args = msvis_json_value_get_member (entry, "input_args");
  const MsvisJsonValue *kwargs = msvis_json_value_get_member (entry, "input_kwargs");
  const MsvisJsonValue *outputs = msvis_json_value_get_member (entry, "output");
  MsvisOverflowLevel level = MSVIS_OVERFLOW_NONE;
  const IgnoreRule *rule;
  gboolean in, out;

  if (args == NULL)
    args = msvis_json_value_get_member (entry, "input");

  in = any_anomalous (args) || (kwargs && kwargs->kind == MSVIS_JSON_OBJECT &&
                                any_anomalous (kwargs));
  out = any_anomalous (outputs);

  if (out)
    level = in ? MSVIS_OVERFLOW_HIGH : MSVIS_OVERFLOW_CRITICAL;
  else if (in)
    level = MSVIS_OVERFLOW_MEDIUM;
  else if (is_numerical_mutation (args, kwargs && kwargs->kind == MSVIS_JSON_OBJECT ? kwargs : NULL,
                                  outputs))
    level = MSVIS_OVERFLOW_HIGH;

  if (level == MSVIS_OVERFLOW_NONE)
    return TRUE;

  rule = find_rule (name);
  if (rule != NULL && is_ignored (rule, args, kwargs, outputs))
    return TRUE;

  g_hash_table_insert (self->levels, g_strdup (name), GINT_TO_POINTER (level));
  return TRUE;
}

/**
 * msvis_overflow_check_apply:
 *
 * Gives each node of @graph the level its dump entry was judged to have.
 */
void
msvis_overflow_check_apply (MsvisOverflowCheck *self,
                            MsvisGraph         *graph)
{
  GHashTableIter iter;
  gpointer name, level;

  g_hash_table_iter_init (&iter, self->levels);
  while (g_hash_table_iter_next (&iter, &name, &level))
    {
      MsvisNodeId node = msvis_graph_lookup (graph, name);

      if (node != MSVIS_NODE_ID_NONE)
        msvis_graph_node_set_overflow (graph, node, GPOINTER_TO_INT (level));
    }
}
