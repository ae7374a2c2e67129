// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* msprobe's path checks on graph_visualize's arguments (msprobe-2026.md §1.5,
 * FileChecker.common_check and check_path_before_create in
 * python/msprobe/core/common/file_utils.py@8ff00da3): what it accepts, in its order, each
 * refusal naming the argument (@option, such as "-tp/--target_path") and the path. */

gboolean msvis_visualize_check_dump_dir (const char  *option,
                                         const char  *path,
                                         GError     **error);
gboolean msvis_visualize_check_output   (const char  *option,
                                         const char  *path,
                                         GError     **error);
gboolean msvis_visualize_check_yaml     (const char  *option,
                                         const char  *path,
                                         GError     **error);

G_END_DECLS
