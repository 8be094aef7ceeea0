#ifndef WCDB_POWER_LOSS_VFS_H
#define WCDB_POWER_LOSS_VFS_H

#include <stdint.h>

// A VFS for the power-loss tests (PowerLossTests), in the manner of SQLite's own crash tests
// (src/test6.c): it becomes the default VFS and passes every file through untouched, except the files
// under a tracked directory. For those it remembers, per file, what the disk held at the last sync:
// the 512-byte sectors each write since then replaced, and the size. `plvfs_cut` then does what a power
// cut does to the page cache: the writes since each file's last sync are lost, or, torn, a random subset
// of their sectors survives.
//
// `plvfs_die_after` arms a countdown of writes, truncates and syncs of tracked files: when it reaches
// zero, that operation and every later one fails with an I/O error, as if the machine had stopped there.
// Only one test may track a directory at a time (each round holds a session: plvfs_begin_session); the rest of the process keeps
// using the files it opens as if this VFS were not there.

/// Makes the power-loss VFS the default (once per process). Returns SQLITE_OK or SQLite's error.
int plvfs_install(void);

/// Waits until no other test tracks a directory, then holds the VFS for the caller (test suites of
/// several targets run in parallel in one process) until `plvfs_end_session`. Not reentrant.
void plvfs_begin_session(void);
void plvfs_end_session(void);

/// Tracks files whose path starts with `directory` (copied); NULL stops tracking. Forgets all state.
void plvfs_track(const char *directory);

/// After `operations` more writes, truncates or syncs of tracked files, those files stop accepting them.
/// A negative count disarms.
void plvfs_die_after(int64_t operations);

/// How many writes, truncates and syncs of tracked files have run since tracking began.
int64_t plvfs_operations(void);

/// Whether the countdown has reached zero.
int plvfs_dead(void);

/// Cuts the power: every tracked file goes back to what it held at its last sync, except that with
/// `torn`, each sector written since survives or not at random (seeded), a file that grew keeps a
/// random number of its new sectors, and a truncate stays done (file systems journal it whole). No connection may have a tracked file open. Afterwards the files
/// count as synced, and the countdown is disarmed. Returns the number of sectors written since their
/// file's last sync (what the cut put at risk), or -1 on an I/O error.
int64_t plvfs_cut(int torn, uint64_t seed);

#endif
