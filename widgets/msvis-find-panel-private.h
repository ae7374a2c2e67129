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
  LIST_BUCKETS,      /* the buckets chosen with the colour buttons */
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
  GtkFlowBox         *chips;          /* a toggle per bucket, made per document */

  /* Owned */
  MsvisVisDocument   *doc;
  MsvisNodeFinder    *finders[2];     /* NPU (or the only graph), Bench */
  MsvisNodeList      *results;
  GtkSingleSelection *selection;
  GtkStringList      *list_names;     /* the drop-down's model */
  GArray             *lists;          /* ListEntry, one per row of list_names */
  GCancellable       *search_cancellable;
  GArray             *chosen;         /* int buckets: listed together, or a search's filter */

  /* State */
  guint               side;           /* index into finders */
  guint               truncated : 1;
  guint               selecting : 1;  /* our own set_selected(): it emits by itself */
  guint               filling_lists : 1;
  guint               errors_only : 1;    /* First Divergence's threshold: the worst colour */
  guint               syncing_chips : 1;  /* our own set_active() on the colour buttons */
  gint                micro_step;         /* the graph's: -1 for all */
  guint               n_hidden;           /* results left out as in another micro step */
};

MsvisNodeFinder    *_msvis_find_panel_get_finder       (MsvisFindPanel *self);
GtkListItemFactory *_msvis_find_panel_new_row_factory  (void);
GtkListItemFactory *_msvis_find_panel_new_list_factory (MsvisFindPanel *self);
const ListEntry    *_msvis_find_panel_get_list         (MsvisFindPanel *self);
guint               _msvis_find_panel_get_n_results    (MsvisFindPanel *self);
char               *_msvis_find_panel_dup_count_text   (MsvisFindPanel *self);
const char         *_msvis_find_panel_get_description  (MsvisFindPanel  *self,
                                                        const ListEntry *list);
char               *_msvis_find_panel_dup_chosen_description (MsvisFindPanel *self,
                                                              ListKind        kind);
void                _msvis_find_panel_refresh          (MsvisFindPanel *self);
void                _msvis_find_panel_init_chips       (MsvisFindPanel *self);
void                _msvis_find_panel_fill_chips       (MsvisFindPanel *self);
void                _msvis_find_panel_sync_chips       (MsvisFindPanel *self);
void                _msvis_find_panel_count_chips      (MsvisFindPanel *self,
                                                        GArray         *hits);
void                _msvis_find_panel_chips_pending    (MsvisFindPanel *self);
char               *_msvis_find_panel_dup_chosen_label (MsvisFindPanel *self);
void                _msvis_find_panel_chosen_changed   (MsvisFindPanel *self);
MsvisNodeId         _msvis_find_panel_first_divergence_node (MsvisFindPanel  *self,
                                                             MsvisNodeFinder *finder);

G_END_DECLS
