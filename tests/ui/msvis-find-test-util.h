// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-find-panel.h"

G_BEGIN_DECLS

/* For the tests that drive the find panel: how many results it lists, and a query typed into
 * its search entry, waited for until the debounced search for it has ended. */

guint msvis_find_test_n_results (MsvisFindPanel *panel);
guint msvis_find_test_type      (MsvisFindPanel *panel,
                                 const char     *text);

G_END_DECLS
