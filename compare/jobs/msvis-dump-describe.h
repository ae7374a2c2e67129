// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What a dump folder holds, in words, for the build dialog. */

char *msvis_dump_describe        (GFile               *dir,
                                  GCancellable        *cancellable,
                                  GError             **error);
void  msvis_dump_describe_async  (gpointer             source_object,
                                  GFile               *dir,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data);
char *msvis_dump_describe_finish (GAsyncResult        *result,
                                  GError             **error);

G_END_DECLS
