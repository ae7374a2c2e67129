// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-compare-view.h"
#include "msvis-vis-source.h"
#include "msvis-window.h"

G_BEGIN_DECLS

typedef struct _MsvisMatchUi MsvisMatchUi;
typedef struct _MsvisWindowJump MsvisWindowJump;

struct _MsvisWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  GtkRevealer          *progress_revealer;
  GtkLabel             *progress_label;
  GtkProgressBar       *progress_bar;
  GtkStack             *main_stack;
  GtkListBox           *recent_list;
  GtkWidget            *recent_title;
  GtkPaned             *content_paned;
  GtkWidget            *sidebar;
  GtkStack             *sidebar_stack;
  GtkDropDown          *step_dropdown;
  GtkDropDown          *rank_dropdown;
  GtkDropDown          *micro_step_dropdown;
  GtkWidget            *step_label;
  GtkWidget            *rank_label;
  GtkWidget            *micro_step_label;
  GtkButton            *zoom_button;
  GtkScrolledWindow    *toolbar_scroller;   /* msvis-window-toolbar.c */
  GtkWidget            *toolbar;
  GtkButton            *sync_button;
  GtkButton            *link_button;
  gboolean              toolbar_compact;
  int                   toolbar_full_width;
  guint                 toolbar_fit_source;
  char                 *toolbar_labels[2];
  MsvisCompareView     *compare_view;
  GtkWidget            *compare_panel;      /* msvis-window-panes.c */
  GtkWidget            *overview_button;
  GtkWidget            *run_overview;

  /* Sidebar pages, made in code (their types live in widgets/) */
  GtkWidget            *details;
  GtkWidget            *find_panel;
  GtkWidget            *legend;

  /* Borrowed */
  GSettings            *settings;           /* NULL without a schema: nothing is kept */

  /* Owned */
  GCancellable         *load_cancellable;   /* replaced by every new load */
  MsvisVisSource       *source;
  MsvisVisDocument     *doc;
  GArray               *history;            /* MsvisHistoryEntry, the selections in order */
  guint                 history_pos;        /* the current entry, when there is one */
  GArray               *steps;              /* gint, what step_dropdown lists */
  GArray               *ranks;
  MsvisMatchUi         *match;              /* msvis-match-actions.c; owned as object data */
  MsvisWindowJump      *jump;               /* a node of another rank, waiting for its load */
  guint                 pulse_id;
  MsvisProgress        *progress;       /* of the load under way, polled by pulse() */
  guint                 updating_selectors : 1;
  guint                 show_sidebar : 1;
  guint                 sync_expand : 1;
  guint                 show_minimap : 1;
  guint                 overflow_mode : 1;
  guint                 in_history : 1;       /* selecting a history entry: not a new one */
  guint                 has_counterpart : 1;  /* the selection has one on the other side */
};

/* msvis-window-actions.c */
void        _msvis_window_class_init_actions   (GtkWidgetClass *widget_class);
void        _msvis_window_update_actions       (MsvisWindow    *self);
gboolean    _msvis_window_offers_overflow      (MsvisWindow    *self);
MsvisNodeId _msvis_window_selected_counterpart (MsvisWindow    *self,
                                                gboolean       *is_bench);
void        _msvis_window_show_error           (MsvisWindow    *self,
                                               const char     *heading,
                                               const GError   *error);
void        _msvis_window_build                (MsvisWindow    *self,
                                               GFile          *npu_dir);

/* msvis-window-panes.c */
void _msvis_window_panes_init          (MsvisWindow    *self);

/* msvis-window-recent.c */
void _msvis_window_recent_init         (MsvisWindow    *self);
void _msvis_window_class_init_panes    (GtkWidgetClass *widget_class);
void _msvis_window_panes_source_changed (MsvisWindow   *self);

/* msvis-window-sidebar.c */
void _msvis_window_add_sidebar_pages    (MsvisWindow    *self);
void _msvis_window_sidebar_set_document (MsvisWindow    *self);
void _msvis_window_show_selection       (MsvisWindow    *self,
                                        MsvisNodeId     npu,
                                        MsvisNodeId     bench);
void _msvis_window_find                 (MsvisWindow    *self,
                                        const char     *action_name);

/* msvis-window-settings.c */
void      _msvis_window_load_settings      (MsvisWindow    *self);
void      _msvis_window_save_settings      (MsvisWindow    *self);
gboolean  _msvis_window_prefers_overflow   (MsvisWindow    *self);
void      _msvis_window_remember_palette   (MsvisWindow    *self);
GFile    *_msvis_window_dup_last_folder    (MsvisWindow    *self);
void      _msvis_window_set_last_folder    (MsvisWindow    *self,
                                           GFile          *folder);

/* msvis-window-jump.c */
void      _msvis_window_jump_to_rank       (MsvisWindow    *self,
                                           gint            rank,
                                           const char     *node_name,
                                           gboolean        is_bench);
void      _msvis_window_jump_finish        (MsvisWindow    *self);
void      _msvis_window_jump_free          (MsvisWindowJump *jump);

/* msvis-window-history.c */
void      _msvis_window_history_init       (MsvisWindow    *self);
void      _msvis_window_history_reset      (MsvisWindow    *self);
void      _msvis_window_history_record     (MsvisWindow    *self);
gboolean  _msvis_window_history_can_go     (MsvisWindow    *self,
                                           int             direction);
void      _msvis_window_history_go         (MsvisWindow    *self,
                                           int             direction);

/* msvis-window-trend.c */
void _msvis_window_class_init_trend   (GtkWidgetClass *widget_class);
void _msvis_window_trend_finish       (MsvisWindow    *self);

/* msvis-window-export.c */
void _msvis_window_class_init_export  (GtkWidgetClass *widget_class);

/* msvis-window-dialogs.c */
void _msvis_window_class_init_dialogs (GtkWidgetClass *widget_class);
void _msvis_window_dialogs_init       (MsvisWindow    *self);

/* msvis-window-toolbar.c */
void     _msvis_window_toolbar_init       (MsvisWindow *self);
void     _msvis_window_toolbar_dispose   (MsvisWindow *self);
void _msvis_window_block_keys         (MsvisWindow    *self);
void _msvis_window_unblock_keys       (MsvisWindow    *self);
void _msvis_window_block_keys_while   (MsvisWindow    *self,
                                       GObject        *dialog);

/* msvis-window-node-menu.c */
void _msvis_window_class_init_node_menu (GtkWidgetClass *widget_class);
void _msvis_window_node_menu_init       (MsvisWindow    *self);

/* msvis-match-actions.c */
void      _msvis_window_match_init         (MsvisWindow    *self);
void      _msvis_window_match_reset        (MsvisWindow    *self);
typedef void (*MsvisWindowThen) (MsvisWindow *self,
                                 gpointer     data);
gboolean  _msvis_window_match_ask_first    (MsvisWindow     *self,
                                           MsvisWindowThen  then,
                                           MsvisWindowThen  cancelled,
                                           gpointer         data,
                                           GDestroyNotify   destroy);
void      _msvis_window_match_update       (MsvisWindow    *self);
struct _MsvisMatchSession *_msvis_window_match_get_session (MsvisWindow *self);

/* msvis-window-trend.c: msvis_dump_build_async()'s callbacks for every build a window starts */
void _msvis_window_build_progress     (const char     *message,
                                      gpointer        user_data);
void _msvis_window_build_done         (GObject        *object,
                                      GAsyncResult   *result,
                                      gpointer        user_data);

/* msvis-window.c */
void _msvis_window_set_loading        (MsvisWindow    *self,
                                      const char     *message);
gint _msvis_window_get_micro_step     (MsvisWindow    *self);
void _msvis_window_load_graph         (MsvisWindow    *self,
                                      MsvisVisGraphKey key);

G_END_DECLS
