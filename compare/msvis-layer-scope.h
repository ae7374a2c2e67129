// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The "full scope" msprobe's layer mapping gives each dump entry (data_scope_parser.py and
 * postprocess_pass.py): where in the model it runs, as dotted layer names, the framework
 * function it was called from, and its own name. */

typedef struct
{
  char *data_name;     /* the dump.json key */
  char *type_name;     /* the class of a layer, the api of an API */
  char *api_name;
  char *state;         /* forward, backward or parameters_grad */
  char *layer_scope;
  char *stack_scope;   /* the framework function, or "" */
  char *full_scope;
} MsvisScopeItem;

typedef enum
{
  MSVIS_SCOPE_PYTORCH,
  MSVIS_SCOPE_MINDSPORE,
} MsvisScopeFramework;

GPtrArray *msvis_scope_items_read (GFile                *dump_dir,
                                   GPtrArray            *names,
                                   MsvisScopeFramework   framework,
                                   GCancellable         *cancellable,
                                   GError              **error);

G_END_DECLS
