// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-settings.h"
#include "msvis-test-util.h"

/* The guard in front of GSettings: msvis uses a schema only when it has every key msvis reads
 * or writes. No display is needed. */

/* The schema of this msvis without @key, compiled into a new folder. */
static char *
compile_schema_without (const char *key)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "..", "data",
                                                   APP_ID ".gschema.xml", NULL);
  g_autofree char *contents = NULL, *xml = NULL, *argv0 = NULL;
  g_autofree char *opening = g_strdup_printf ("<key name=\"%s\"", key);
  char *dir = g_dir_make_tmp ("msvis-schema-XXXXXX", NULL);
  const char *start, *end;
  g_autoptr(GString) without = NULL;

  g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
  start = strstr (contents, opening);
  g_assert_nonnull (start);
  end = strstr (start, "</key>");
  g_assert_nonnull (end);
  without = g_string_new_len (contents, start - contents);
  g_string_append (without, end + strlen ("</key>"));
  xml = g_build_filename (dir, APP_ID ".gschema.xml", NULL);
  g_assert_true (g_file_set_contents (xml, without->str, without->len, NULL));
  argv0 = g_find_program_in_path ("glib-compile-schemas");
  g_assert_nonnull (argv0);
  {
    const char *compile[] = { argv0, "--strict", dir, NULL };
    int status;

    g_assert_true (g_spawn_sync (NULL, (char **)compile, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                                 NULL, &status, NULL));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  return dir;
}

/* A schema that lacks any one key of this msvis's (an older msvis installed beside it) is not
 * used: GSettings aborts on a key it does not know. Every key of the schema is tried, so a key
 * added later without a place in the guard fails here. */
static void
test_schema_without_a_key (void)
{
  g_autoptr(GSettingsSchemaSource) source = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autofree char *compiler = NULL;
  g_auto(GStrv) keys = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GSettings) settings = msvis_settings_try_new (NULL, &error);

      g_assert_null (settings);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
      return;
    }
  if ((compiler = g_find_program_in_path ("glib-compile-schemas")) == NULL)
    {
      g_test_skip ("glib-compile-schemas is not installed (apt-get install libglib2.0-bin)");
      return;
    }
  source = g_settings_schema_source_new_from_directory (BUILD_SCHEMADIR, NULL, FALSE, NULL);
  g_assert_nonnull (source);
  schema = g_settings_schema_source_lookup (source, APP_ID, FALSE);
  g_assert_nonnull (schema);
  keys = g_settings_schema_list_keys (schema);
  g_assert_cmpuint (g_strv_length (keys), >=, 9);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autofree char *dir = compile_schema_without (keys[i]);

      g_test_message ("a schema without %s", keys[i]);
      g_setenv ("GSETTINGS_SCHEMA_DIR", dir, TRUE);
      g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
      g_unsetenv ("GSETTINGS_SCHEMA_DIR");
      msvis_test_remove_tree (dir);
      g_test_trap_assert_passed ();
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/settings/schema-without-a-key", test_schema_without_a_key);

  return g_test_run ();
}
