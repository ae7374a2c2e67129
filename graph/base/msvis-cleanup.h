// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a run must not leave behind if a signal ends it (Ctrl+C, kill, a file too large, an
 * abort on exhausted memory): temporary files, and an output folder it made. The first path
 * added installs handlers for SIGINT, SIGTERM, SIGHUP, SIGXFSZ, SIGABRT and SIGTRAP (those
 * still at their default action); a handler removes every path still listed, the files first,
 * then raises the signal again with its default action. */

#define MSVIS_CLEANUP_NONE 0

guint msvis_cleanup_add_file (const char *path);
guint msvis_cleanup_add_dir  (const char *path);
void  msvis_cleanup_remove   (guint       id);
void  msvis_cleanup_set_interrupt_notice (const char *text);

/* Called by the handler of SIGINT after the notice, before the cleanup: it may only call
 * async-signal-safe functions. */
typedef void (*MsvisInterruptHook) (void);

void  msvis_cleanup_set_interrupt_hook   (MsvisInterruptHook hook);

G_END_DECLS
