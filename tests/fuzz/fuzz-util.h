// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What every fuzz target shares: a scratch directory of its own (in /dev/shm when there is
 * one, so that writing an input costs no disk), and criticals made fatal so that a reader
 * that trips an assertion counts as a crash. */

#define FUZZ_MAX_PARTS 8

typedef struct
{
  const char *data[FUZZ_MAX_PARTS];
  gsize       length[FUZZ_MAX_PARTS];
  guint       n;
} FuzzParts;

void        fuzz_init   (void);
const char *fuzz_dir    (void);
char       *fuzz_write  (const char    *relative,
                         const guint8  *data,
                         gsize          size);
void        fuzz_clear  (void);
void        fuzz_split  (const guint8  *data,
                         gsize          size,
                         FuzzParts     *parts);
void        fuzz_check_empty (const char *path);

/* libFuzzer's entry points (fuzz-replay.c calls them in the other builds). */
int LLVMFuzzerInitialize   (int           *argc,
                            char        ***argv);
int LLVMFuzzerTestOneInput (const guint8  *data,
                            size_t         size);

/* Every target's LLVMFuzzerInitialize: in the target's own file, because a linker would not
 * pull it out of the helper library on its own. */
#define FUZZ_DEFINE_INITIALIZE                                                             \
  int                                                                                      \
  LLVMFuzzerInitialize (int    *argc,                                                      \
                        char ***argv)                                                      \
  {                                                                                        \
    fuzz_init ();                                                                          \
    return 0;                                                                              \
  }

G_END_DECLS
