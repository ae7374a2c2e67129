// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-layer-scope.h"

G_BEGIN_DECLS

/* generate_api_mapping_by_layer_mapping (vis-format.md §4.2, -lm): which benchmark dump entry
 * each NPU entry stands for, found by walking both models' layer trees, with the layer
 * renames of a yaml file applied on the NPU side. */

GHashTable *msvis_layer_mapping_build (GFile                *npu_dir,
                                       GPtrArray            *npu_names,
                                       MsvisScopeFramework   npu_framework,
                                       GFile                *bench_dir,
                                       GPtrArray            *bench_names,
                                       MsvisScopeFramework   bench_framework,
                                       GHashTable           *renames,
                                       GCancellable         *cancellable,
                                       GError              **error);
GHashTable *msvis_layer_mapping_read_yaml (const char        *path,
                                           char             **warning,
                                           GError           **error);

G_END_DECLS
