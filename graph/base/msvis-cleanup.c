// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "msvis-cleanup.h"

/* A handler may only call async-signal-safe functions and must not follow a pointer that
 * another thread may free meanwhile: the paths live in the slots themselves, in chunks that
 * are never freed, and a slot is published by setting its kind after its path is written.
 * A run keeps all its temporary files until the end (one per step and rank): chunks are
 * added as needed. */
#define CHUNK_SLOTS 256
#define N_CHUNKS 64
#define PATH_BYTES 4096

enum { FREE = 0, FILE_SLOT, DIR_SLOT };

typedef struct
{
  volatile sig_atomic_t kind;
  char                  path[PATH_BYTES];
} Slot;

static Slot *volatile chunks[N_CHUNKS];
static GMutex lock;

static const int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGXFSZ, SIGABRT, SIGTRAP };

/* Written by the handler of SIGINT: bytes set once before any signal can need them. */
static char notice[1024];
static volatile sig_atomic_t notice_length;
static MsvisInterruptHook volatile interrupt_hook;

static void
remove_listed (void)
{
  /* Files first: a folder is removed only once it is empty. */
  for (int pass = FILE_SLOT; pass <= DIR_SLOT; pass++)
    for (guint c = 0; c < N_CHUNKS && chunks[c] != NULL; c++)
      for (guint i = 0; i < CHUNK_SLOTS; i++)
        {
          Slot *slot = &chunks[c][i];

          if (slot->kind != pass)
            continue;
          if (pass == FILE_SLOT)
            unlink (slot->path);
          else
            rmdir (slot->path);
        }
}

static void
on_signal (int sig)
{
  int saved_errno = errno;

  if (sig == SIGINT && notice_length > 0 && write (STDERR_FILENO, notice, notice_length) < 0)
    saved_errno = errno;
  if (sig == SIGINT && interrupt_hook != NULL)
    interrupt_hook ();
  remove_listed ();
  /* SA_RESETHAND gave the signal its default action back; SA_NODEFER lets it through now. */
  errno = saved_errno;
  raise (sig);
}

static gpointer
install (gpointer data)
{
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    {
      struct sigaction old, action = { 0 };

      /* A signal ignored (nohup) or handled by someone else stays theirs. */
      if (sigaction (signals[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL
          || (old.sa_flags & SA_SIGINFO))
        continue;
      action.sa_handler = on_signal;
      action.sa_flags = SA_RESETHAND | SA_NODEFER;
      sigemptyset (&action.sa_mask);
      sigaction (signals[i], &action, NULL);
    }
  return NULL;
}

static void
ensure_installed (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, install, NULL);
}

static guint
add (const char *path,
     int         kind)
{
  g_autoptr(GMutexLocker) locker = NULL;

  /* Too long to keep in a slot: such a path is left as before, rather than truncated. */
  if (path == NULL || strlen (path) >= PATH_BYTES)
    return MSVIS_CLEANUP_NONE;
  ensure_installed ();
  locker = g_mutex_locker_new (&lock);
  for (guint c = 0; c < N_CHUNKS; c++)
    {
      if (chunks[c] == NULL)
        {
          Slot *chunk = g_new0 (Slot, CHUNK_SLOTS);

          __atomic_store_n (&chunks[c], chunk, __ATOMIC_SEQ_CST);
        }
      for (guint i = 0; i < CHUNK_SLOTS; i++)
        if (chunks[c][i].kind == FREE)
          {
            strcpy (chunks[c][i].path, path);
            __atomic_thread_fence (__ATOMIC_SEQ_CST);
            chunks[c][i].kind = kind;
            return c * CHUNK_SLOTS + i + 1;
          }
    }
  return MSVIS_CLEANUP_NONE;
}

/**
 * msvis_cleanup_add_file:
 * @path: a temporary file this process made
 *
 * Returns: an id for msvis_cleanup_remove(), or %MSVIS_CLEANUP_NONE when the list is full
 */
guint
msvis_cleanup_add_file (const char *path)
{
  return add (path, FILE_SLOT);
}

/**
 * msvis_cleanup_add_dir:
 * @path: a folder this process made; removed only if empty by then
 */
guint
msvis_cleanup_add_dir (const char *path)
{
  return add (path, DIR_SLOT);
}

/**
 * msvis_cleanup_set_interrupt_notice:
 * @text: what to say on stderr when Ctrl+C ends the run, before the cleanup (cut at 1023 bytes)
 *
 * Installs the handlers now, so that an interrupt before the first temporary file says it too.
 */
void
msvis_cleanup_set_interrupt_notice (const char *text)
{
  gsize length = MIN (strlen (text), sizeof notice - 1);

  notice_length = 0;
  memcpy (notice, text, length);
  __atomic_thread_fence (__ATOMIC_SEQ_CST);
  notice_length = length;
  ensure_installed ();
}

/**
 * msvis_cleanup_set_interrupt_hook:
 * @hook: (nullable): what else Ctrl+C must say as the run ends (msprobe's last progress line)
 *
 * Installs the handlers now, as msvis_cleanup_set_interrupt_notice() does.
 */
void
msvis_cleanup_set_interrupt_hook (MsvisInterruptHook hook)
{
  __atomic_store_n (&interrupt_hook, hook, __ATOMIC_SEQ_CST);
  ensure_installed ();
}

/**
 * msvis_cleanup_remove:
 * @id: from msvis_cleanup_add_file() or msvis_cleanup_add_dir(), or %MSVIS_CLEANUP_NONE
 *
 * Takes the path off the list, once it is in place or removed.
 */
void
msvis_cleanup_remove (guint id)
{
  g_autoptr(GMutexLocker) locker = NULL;

  if (id == MSVIS_CLEANUP_NONE || id > N_CHUNKS * CHUNK_SLOTS)
    return;
  locker = g_mutex_locker_new (&lock);
  chunks[(id - 1) / CHUNK_SLOTS][(id - 1) % CHUNK_SLOTS].kind = FREE;
  __atomic_thread_fence (__ATOMIC_SEQ_CST);
}
