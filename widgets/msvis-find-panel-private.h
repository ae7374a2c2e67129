// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-find-panel.h"
#include "msvis-node-finder.h"
#include "msvis-node-list.h"

G_BEGIN_DECLS

/* Shared by msvis-find-panel.c and msvis-find-panel-cells.c (the list item factories). */

typedef enum
{
  LIST_SEARCH,
  LIST_DIVERGENCES,
  LIST_BUCKET,
} ListKind;

typedef struct
{
  ListKind kind;
  int      bucket;   /* LIST_BUCKET: an index, MSVIS_BUCKET_UNMATCHED or a MsvisBucketOverflow */
} ListEntry;

struct _MsvisFindPanel
{
  GtkWidget           parent_instance;

  /* Template widgets */
  GtkWidget          *search_row;
  GtkSearchEntry     *search_entry;
  GtkToggleButton    *regex_toggle;
  GtkLabel           *error_label;
  GtkWidget          *compare_row;
  GtkToggleButton    *npu_button;
  GtkToggleButton    *bench_button;
  GtkWidget          *list_row;
  GtkDropDown        *list_dropdown;
  GtkLabel           *description_label;
  GtkWidget          *nav_row;
  GtkLabel           *count_label;
  GtkWidget          *results_scroller;
  GtkListView        *results_view;

  /* Owned */
  MsvisVisDocument   *doc;
  MsvisNodeFinder    *finders[2];     /* NPU (or the only graph), Bench */
  MsvisNodeList      *results;
  GtkSingleSelection *selection;
  GtkStringList      *list_names;     /* the drop-down's model */
  GArray             *lists;          /* ListEntry, one per row of list_names */
  GCancellable       *search_cancellable;

  /* State */
  guint               side;           /* index into finders */
  guint               truncated : 1;
  guint               selecting : 1;  /* our own set_selected(): it emits by itself */
  guint               filling_lists : 1;
  guint               errors_only : 1;    /* First Divergence's threshold: the worst colour */
};

MsvisNodeFinder    *_msvis_find_panel_get_finder       (MsvisFindPanel *self);
GtkListItemFactory *_msvis_find_panel_new_row_factory  (void);
GtkListItemFactory *_msvis_find_panel_new_list_factory (MsvisFindPanel *self);
MsvisNodeId         _msvis_find_panel_first_divergence_node (MsvisFindPanel  *self,
                                                             MsvisNodeFinder *finder);

G_END_DECLS
