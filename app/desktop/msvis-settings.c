// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "msvis-settings.h"

/* Every key msvis reads or writes. A schema without one of them (an older msvis installed
 * beside a newer build) is not used: GSettings aborts on an unknown key. */
static const char *const used_keys[] = {
  "window-width", "window-height", "window-maximized", "sidebar-visible", "minimap-visible",
  "sync-expand", "palette", "color-scheme", "last-folder",
};

/* Whether this executable is in the build tree that compiles its schema into @dir. */
static gboolean
running_from (const char *dir)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *root = g_path_get_dirname (dir);

  return exe != NULL && g_str_has_prefix (exe, root) && exe[strlen (root)] == G_DIR_SEPARATOR;
}

static GSettingsSchema *
lookup_complete (GSettingsSchemaSource *source)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source == NULL || !(schema = g_settings_schema_source_lookup (source, APP_ID, TRUE)))
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (used_keys); i++)
    if (!g_settings_schema_has_key (schema, used_keys[i]))
      {
        g_debug ("schema %s lacks the key %s", APP_ID, used_keys[i]);
        return NULL;
      }
  return g_steal_pointer (&schema);
}

/* Only the build tree's own schema, not the installed ones. */
static GSettingsSchema *
lookup_in_build_tree (const char *dir)
{
  g_autofree char *compiled = g_build_filename (dir, "gschemas.compiled", NULL);
  g_autoptr(GSettingsSchemaSource) source = NULL;

  if (!g_file_test (compiled, G_FILE_TEST_IS_REGULAR))
    return NULL;
  source = g_settings_schema_source_new_from_directory (dir, NULL, FALSE, NULL);
  return lookup_complete (source);
}

/* dconf, where GSettings keeps settings on a desktop, writes through the session bus. Without
 * one (msvis shown over ssh -X from an NPU server) every change would warn and none be kept:
 * a key file in the user's config folder keeps them instead. GSETTINGS_BACKEND still decides
 * when it is set (the tests use "memory"). */
static GSettingsBackend *
backend_without_session_bus (void)
{
  g_autofree char *bus = g_build_filename (g_get_user_runtime_dir (), "bus", NULL);
  g_autofree char *path = NULL;

  if (g_getenv ("GSETTINGS_BACKEND") != NULL || g_getenv ("DBUS_SESSION_BUS_ADDRESS") != NULL
      || g_file_test (bus, G_FILE_TEST_EXISTS))
    return NULL;
  path = g_build_filename (g_get_user_config_dir (), "msvis", "settings.ini", NULL);
  return g_keyfile_settings_backend_new (path, "/io/github/msvis/Msvis/", "msvis");
}

/**
 * msvis_settings_try_new:
 * @build_schema_dir: (nullable): where the build tree compiles the schema
 *
 * A binary in the build tree takes the schema compiled beside it, which matches it; an installed
 * one takes the installed schema. Either falls back to the other. When GSETTINGS_SCHEMA_DIR is
 * set, only the standard places (which include it) are searched.
 *
 * Returns: (transfer full) (nullable): the settings, or %NULL with @error set
 */
GSettings *
msvis_settings_try_new (const char  *build_schema_dir,
                        GError     **error)
{
  gboolean build_tree = build_schema_dir != NULL && g_getenv ("GSETTINGS_SCHEMA_DIR") == NULL;
  g_autoptr(GSettingsSchema) schema = NULL;

  if (build_tree && running_from (build_schema_dir))
    schema = lookup_in_build_tree (build_schema_dir);
  if (schema == NULL)
    schema = lookup_complete (g_settings_schema_source_get_default ());
  if (schema == NULL && build_tree)
    schema = lookup_in_build_tree (build_schema_dir);
  if (schema == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   /* translators: %s is a GSettings schema id */
                   _("The settings schema %s is not installed, or lacks keys this msvis needs"),
                   APP_ID);
      return NULL;
    }
  {
    g_autoptr(GSettingsBackend) backend = backend_without_session_bus ();

    return g_settings_new_full (schema, backend, NULL);
  }
}

/**
 * msvis_settings_get_default:
 *
 * The first call looks the schema up; when there is none it warns once and msvis goes on
 * without remembering anything.
 *
 * Returns: (transfer none) (nullable): the settings of the process
 */
GSettings *
msvis_settings_get_default (void)
{
  static GSettings *settings;
  static gsize looked_up;

  if (g_once_init_enter (&looked_up))
    {
      g_autoptr(GError) error = NULL;

      settings = msvis_settings_try_new (BUILD_SCHEMADIR, &error);
      if (settings == NULL)
        g_warning ("%s. %s", error->message,
                   _("Window size, sidebar, style and the other choices will not be kept"));
      g_once_init_leave (&looked_up, 1);
    }
  return settings;
}
