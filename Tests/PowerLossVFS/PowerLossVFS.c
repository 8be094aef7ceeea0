#include "PowerLossVFS.h"

#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlcipher/sqlite3.h>

// What "the disk" holds is modelled at this granularity: a torn write keeps or loses whole sectors.
#define SECTOR 512

/// A sector as it was at its file's last sync, saved before the first write since then replaced it.
typedef struct SavedSector {
    int64_t index;
    int byTruncate;  // saved by a truncate rather than a write
    unsigned char bytes[SECTOR];
} SavedSector;

/// One tracked file, by path: it outlives the handles that open it (a WAL closed before its sync still
/// has writes to lose).
typedef struct TrackedFile {
    char *path;
    int64_t durableSize;  // the size at the last sync
    SavedSector *saved;
    size_t count, capacity;
    struct TrackedFile *next;
} TrackedFile;

// `lock` guards everything below, and is held across each tracked file's I/O, so that a sector is saved
// and replaced in one step. Files that are not tracked never take it.
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char *trackedDirectory;
static size_t trackedLength;
static TrackedFile *files;
static int64_t operations;
static int64_t countdown = -1;
static int dead;

static sqlite3_vfs *realVFS;
static sqlite3_vfs powerLossVFS;

/// A tracked file's handle: this header, then the real VFS's file.
typedef struct PowerLossFile {
    sqlite3_file base;
    TrackedFile *state;
    sqlite3_file *real;
} PowerLossFile;

#define HEADER_SIZE ((sizeof(PowerLossFile) + 7) & ~(size_t)7)

static sqlite3_file *real(sqlite3_file *file) { return ((PowerLossFile *)file)->real; }

// MARK: State

static TrackedFile *stateFor(const char *path) {
    for (TrackedFile *file = files; file; file = file->next) {
        if (strcmp(file->path, path) == 0) return file;
    }
    return NULL;
}

static void forgetAll(void) {
    while (files) {
        TrackedFile *next = files->next;
        free(files->path);
        free(files->saved);
        free(files);
        files = next;
    }
}

static int isSaved(const TrackedFile *file, int64_t index) {
    for (size_t i = 0; i < file->count; i++) {
        if (file->saved[i].index == index) return 1;
    }
    return 0;
}

/// Saves sectors [first, last] of `file` that the last sync made durable and no write since replaced.
static int saveSectors(TrackedFile *state, sqlite3_file *file, int64_t first, int64_t last, int byTruncate) {
    for (int64_t index = first; index <= last; index++) {
        if (index * SECTOR >= state->durableSize || isSaved(state, index)) continue;
        if (state->count == state->capacity) {
            size_t capacity = state->capacity ? state->capacity * 2 : 64;
            SavedSector *grown = realloc(state->saved, capacity * sizeof(SavedSector));
            if (!grown) return SQLITE_NOMEM;
            state->saved = grown;
            state->capacity = capacity;
        }
        SavedSector *sector = &state->saved[state->count];
        sector->index = index;
        sector->byTruncate = byTruncate;
        int rc = file->pMethods->xRead(file, sector->bytes, SECTOR, index * SECTOR);
        if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ) return rc;  // a short read fills with zeros
        state->count++;
    }
    return SQLITE_OK;
}

/// Counts one write, truncate, sync or delete; false once the countdown has run out.
static int mayRun(void) {
    if (dead) return 0;
    operations++;
    if (countdown == 0) {
        dead = 1;
        return 0;
    }
    if (countdown > 0) countdown--;
    return 1;
}

// MARK: Tracked files' methods

static int plClose(sqlite3_file *file) { return real(file)->pMethods->xClose(real(file)); }

static int plRead(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    return real(file)->pMethods->xRead(real(file), buffer, amount, offset);
}

static int plWrite(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    pthread_mutex_lock(&lock);
    int rc = SQLITE_IOERR_WRITE;
    if (mayRun()) {
        TrackedFile *state = ((PowerLossFile *)file)->state;
        rc = saveSectors(state, real(file), offset / SECTOR, (offset + amount - 1) / SECTOR, 0);
        if (rc == SQLITE_OK) rc = real(file)->pMethods->xWrite(real(file), buffer, amount, offset);
    }
    pthread_mutex_unlock(&lock);
    return rc;
}

static int plTruncate(sqlite3_file *file, sqlite3_int64 size) {
    pthread_mutex_lock(&lock);
    int rc = SQLITE_IOERR_TRUNCATE;
    if (mayRun()) {
        TrackedFile *state = ((PowerLossFile *)file)->state;
        rc = saveSectors(state, real(file), size / SECTOR, (state->durableSize - 1) / SECTOR, 1);
        if (rc == SQLITE_OK) rc = real(file)->pMethods->xTruncate(real(file), size);
    }
    pthread_mutex_unlock(&lock);
    return rc;
}

static int plSync(sqlite3_file *file, int flags) {
    pthread_mutex_lock(&lock);
    int rc = SQLITE_IOERR_FSYNC;
    if (mayRun()) {
        TrackedFile *state = ((PowerLossFile *)file)->state;
        sqlite3_int64 size = 0;
        rc = real(file)->pMethods->xSync(real(file), flags);
        if (rc == SQLITE_OK) rc = real(file)->pMethods->xFileSize(real(file), &size);
        if (rc == SQLITE_OK) {
            state->count = 0;
            state->durableSize = size;
        }
    }
    pthread_mutex_unlock(&lock);
    return rc;
}

static int plFileSize(sqlite3_file *file, sqlite3_int64 *size) {
    return real(file)->pMethods->xFileSize(real(file), size);
}
static int plLock(sqlite3_file *file, int level) { return real(file)->pMethods->xLock(real(file), level); }
static int plUnlock(sqlite3_file *file, int level) { return real(file)->pMethods->xUnlock(real(file), level); }
static int plCheckReservedLock(sqlite3_file *file, int *out) {
    return real(file)->pMethods->xCheckReservedLock(real(file), out);
}
static int plFileControl(sqlite3_file *file, int op, void *argument) {
    return real(file)->pMethods->xFileControl(real(file), op, argument);
}
static int plSectorSize(sqlite3_file *file) { return real(file)->pMethods->xSectorSize(real(file)); }
static int plDeviceCharacteristics(sqlite3_file *file) {
    return real(file)->pMethods->xDeviceCharacteristics(real(file));
}
static int plShmMap(sqlite3_file *file, int region, int size, int extend, void volatile **out) {
    return real(file)->pMethods->xShmMap(real(file), region, size, extend, out);
}
static int plShmLock(sqlite3_file *file, int offset, int n, int flags) {
    return real(file)->pMethods->xShmLock(real(file), offset, n, flags);
}
static void plShmBarrier(sqlite3_file *file) { real(file)->pMethods->xShmBarrier(real(file)); }
static int plShmUnmap(sqlite3_file *file, int deleteFlag) {
    return real(file)->pMethods->xShmUnmap(real(file), deleteFlag);
}

// Version 2: no xFetch, so SQLite reads tracked files through xRead (never a memory map that would see
// past a cut).
static const sqlite3_io_methods trackedMethods = {
    2, plClose, plRead, plWrite, plTruncate, plSync, plFileSize, plLock, plUnlock, plCheckReservedLock,
    plFileControl, plSectorSize, plDeviceCharacteristics, plShmMap, plShmLock, plShmBarrier, plShmUnmap,
};

// MARK: The VFS

static int isTracked(const char *path) {
    return path && trackedDirectory && strncmp(path, trackedDirectory, trackedLength) == 0;
}

static int plOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *outFlags) {
    (void)vfs;
    int kinds = SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_MAIN_JOURNAL | SQLITE_OPEN_WAL;
    pthread_mutex_lock(&lock);
    int tracked = (flags & kinds) && isTracked(name);
    pthread_mutex_unlock(&lock);
    // Not tracked: the real file fills the whole handle and keeps its own methods.
    if (!tracked) return realVFS->xOpen(realVFS, name, file, flags, outFlags);

    PowerLossFile *handle = (PowerLossFile *)file;
    handle->base.pMethods = NULL;
    handle->real = (sqlite3_file *)((char *)file + HEADER_SIZE);
    int existed = 0;
    realVFS->xAccess(realVFS, name, SQLITE_ACCESS_EXISTS, &existed);
    int rc = realVFS->xOpen(realVFS, name, handle->real, flags, outFlags);
    if (rc != SQLITE_OK) return rc;
    sqlite3_int64 size = 0;
    if (existed) handle->real->pMethods->xFileSize(handle->real, &size);

    pthread_mutex_lock(&lock);
    TrackedFile *state = stateFor(name);
    if (!state && (state = calloc(1, sizeof(TrackedFile))) && (state->path = strdup(name))) {
        state->durableSize = size;  // what was there before the test tracked it counts as synced
        state->next = files;
        files = state;
    } else if (state && !state->path) {
        free(state);
        state = NULL;
    }
    pthread_mutex_unlock(&lock);
    if (!state) {
        handle->real->pMethods->xClose(handle->real);
        return SQLITE_NOMEM;
    }
    handle->state = state;
    handle->base.pMethods = &trackedMethods;
    return SQLITE_OK;
}

static int plDelete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    (void)vfs;
    pthread_mutex_lock(&lock);
    if (!isTracked(name)) {
        pthread_mutex_unlock(&lock);
        return realVFS->xDelete(realVFS, name, syncDirectory);
    }
    // A dead machine deletes nothing; a delete counts as durable at once (the directory's own sync is
    // not modelled).
    int rc = SQLITE_IOERR_DELETE;
    if (mayRun()) {
        rc = realVFS->xDelete(realVFS, name, syncDirectory);
        TrackedFile *state = stateFor(name);
        if (rc == SQLITE_OK && state) {
            state->count = 0;
            state->durableSize = 0;
        }
    }
    pthread_mutex_unlock(&lock);
    return rc;
}

static int installResult = SQLITE_ERROR;

static void installOnce(void) {
    realVFS = sqlite3_vfs_find(NULL);
    if (!realVFS) return;
    powerLossVFS = *realVFS;  // every other method (and pAppData) is the real one
    powerLossVFS.zName = "wcdb-power-loss";
    powerLossVFS.pNext = NULL;
    powerLossVFS.szOsFile = (int)HEADER_SIZE + realVFS->szOsFile;
    powerLossVFS.xOpen = plOpen;
    powerLossVFS.xDelete = plDelete;
    installResult = sqlite3_vfs_register(&powerLossVFS, 1);
}

static pthread_mutex_t sessionLock = PTHREAD_MUTEX_INITIALIZER;

void plvfs_begin_session(void) { pthread_mutex_lock(&sessionLock); }

void plvfs_end_session(void) { pthread_mutex_unlock(&sessionLock); }

int plvfs_install(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, installOnce);
    return installResult;
}

// MARK: Control

void plvfs_track(const char *directory) {
    pthread_mutex_lock(&lock);
    forgetAll();
    free(trackedDirectory);
    trackedDirectory = NULL;
    trackedLength = 0;
    if (directory) {
        char resolved[PATH_MAX];
        trackedDirectory = strdup(realpath(directory, resolved) ? resolved : directory);
        trackedLength = trackedDirectory ? strlen(trackedDirectory) : 0;
    }
    operations = 0;
    countdown = -1;
    dead = 0;
    pthread_mutex_unlock(&lock);
}

void plvfs_die_after(int64_t count) {
    pthread_mutex_lock(&lock);
    countdown = count < 0 ? -1 : count;
    pthread_mutex_unlock(&lock);
}

int64_t plvfs_operations(void) {
    pthread_mutex_lock(&lock);
    int64_t count = operations;
    pthread_mutex_unlock(&lock);
    return count;
}

int plvfs_dead(void) {
    pthread_mutex_lock(&lock);
    int value = dead;
    pthread_mutex_unlock(&lock);
    return value;
}

static uint64_t nextRandom(uint64_t *state) {  // xorshift64*
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 2685821657736338717ULL;
}

int64_t plvfs_cut(int torn, uint64_t seed) {
    uint64_t random = seed ? seed : 0x9E3779B97F4A7C15ULL;
    int64_t unsynced = 0;
    int failed = 0;
    pthread_mutex_lock(&lock);
    for (TrackedFile *file = files; file; file = file->next) {
        int descriptor = open(file->path, O_RDWR);
        if (descriptor < 0) {  // deleted: nothing of it is left to lose
            file->count = 0;
            file->durableSize = 0;
            continue;
        }
        off_t size = lseek(descriptor, 0, SEEK_END);
        int64_t added = size > file->durableSize ? (size - file->durableSize + SECTOR - 1) / SECTOR : 0;
        unsynced += (int64_t)file->count + added;
        for (size_t i = 0; i < file->count && !failed; i++) {
            // Torn: each written sector reached the disk or not. A truncate is a change of the file's
            // metadata, which the file system journals whole: in a torn cut it happened (a clean cut undoes it).
            if (torn && (file->saved[i].byTruncate || (nextRandom(&random) & 1))) continue;
            failed = pwrite(descriptor, file->saved[i].bytes, SECTOR, file->saved[i].index * SECTOR) != SECTOR;
        }
        off_t newSize = file->durableSize;
        if (torn && size < file->durableSize) newSize = size;  // the truncate happened
        if (torn && added > 0) {  // a random number of the new sectors reached the disk
            int64_t kept = (int64_t)(nextRandom(&random) % (uint64_t)(added + 1));
            newSize = file->durableSize + kept * SECTOR;
            if (newSize > size) newSize = size;
        }
        if (ftruncate(descriptor, newSize) != 0) failed = 1;
        close(descriptor);
        file->count = 0;
        file->durableSize = newSize;
        if (failed) break;
    }
    countdown = -1;
    dead = 0;
    pthread_mutex_unlock(&lock);
    return failed ? -1 : unsynced;
}
