#ifndef WCDB_CSQLCIPHER_SHIM_H
#define WCDB_CSQLCIPHER_SHIM_H

// SQLCipher's header declares the codec API (sqlite3_key, sqlite3_rekey, ...) only when
// SQLITE_HAS_CODEC is defined; the library itself is always built with it.
#ifndef SQLITE_HAS_CODEC
#define SQLITE_HAS_CODEC 1
#endif

// The explicit sqlcipher/ prefix keeps the system SQLite header (if installed) from shadowing it.
#include <sqlcipher/sqlite3.h>

// --- FTS3/FTS4 tokenizer interface -------------------------------------------------------------
// sqlite3.h does not carry fts3_tokenizer.h; these are its version-0 structs, laid out exactly as
// SQLite 3.15's ext/fts3/fts3_tokenizer.h declares them, plus one context pointer per tokenizer
// and cursor so the Swift callbacks can find their state.
typedef struct sqlite3_tokenizer_module sqlite3_tokenizer_module;
typedef struct sqlite3_tokenizer sqlite3_tokenizer;
typedef struct sqlite3_tokenizer_cursor sqlite3_tokenizer_cursor;

struct sqlite3_tokenizer_module {
    int iVersion;
    int (*xCreate)(int argc, const char *const *argv, sqlite3_tokenizer **ppTokenizer);
    int (*xDestroy)(sqlite3_tokenizer *pTokenizer);
    int (*xOpen)(sqlite3_tokenizer *pTokenizer, const char *pInput, int nBytes,
                 sqlite3_tokenizer_cursor **ppCursor);
    int (*xClose)(sqlite3_tokenizer_cursor *pCursor);
    int (*xNext)(sqlite3_tokenizer_cursor *pCursor, const char **ppToken, int *pnBytes,
                 int *piStartOffset, int *piEndOffset, int *piPosition);
    int (*xLanguageid)(sqlite3_tokenizer_cursor *pCsr, int iLangid);
};

struct sqlite3_tokenizer {
    const sqlite3_tokenizer_module *pModule;  // set by FTS3 after xCreate returns
};

struct sqlite3_tokenizer_cursor {
    sqlite3_tokenizer *pTokenizer;            // set by FTS3 after xOpen returns
};

typedef struct wcdb_tokenizer {
    sqlite3_tokenizer base;
    void *context;
} wcdb_tokenizer;

typedef struct wcdb_tokenizer_cursor {
    sqlite3_tokenizer_cursor base;
    void *context;
} wcdb_tokenizer_cursor;

// xCreate receives no pointer to its module, and FTS3's fts3tokenize table never tells the tokenizer
// which module made it, so each registered name gets its own xCreate: a slot number bound into one
// of these trampolines, which call the Swift side (defined with @_cdecl in TokenizerModule.swift).
int wcdb_tokenizer_create(int slot, int argc, const char *const *argv, sqlite3_tokenizer **ppTokenizer);
#define WCDB_TOKENIZER_SLOT_COUNT 32
#define WCDB_TOKENIZER_SLOT(n) \
    static inline int wcdb_tokenizer_create_##n(int argc, const char *const *argv, sqlite3_tokenizer **pp) { \
        return wcdb_tokenizer_create(n, argc, argv, pp); \
    }
WCDB_TOKENIZER_SLOT(0)
WCDB_TOKENIZER_SLOT(1)
WCDB_TOKENIZER_SLOT(2)
WCDB_TOKENIZER_SLOT(3)
WCDB_TOKENIZER_SLOT(4)
WCDB_TOKENIZER_SLOT(5)
WCDB_TOKENIZER_SLOT(6)
WCDB_TOKENIZER_SLOT(7)
WCDB_TOKENIZER_SLOT(8)
WCDB_TOKENIZER_SLOT(9)
WCDB_TOKENIZER_SLOT(10)
WCDB_TOKENIZER_SLOT(11)
WCDB_TOKENIZER_SLOT(12)
WCDB_TOKENIZER_SLOT(13)
WCDB_TOKENIZER_SLOT(14)
WCDB_TOKENIZER_SLOT(15)
WCDB_TOKENIZER_SLOT(16)
WCDB_TOKENIZER_SLOT(17)
WCDB_TOKENIZER_SLOT(18)
WCDB_TOKENIZER_SLOT(19)
WCDB_TOKENIZER_SLOT(20)
WCDB_TOKENIZER_SLOT(21)
WCDB_TOKENIZER_SLOT(22)
WCDB_TOKENIZER_SLOT(23)
WCDB_TOKENIZER_SLOT(24)
WCDB_TOKENIZER_SLOT(25)
WCDB_TOKENIZER_SLOT(26)
WCDB_TOKENIZER_SLOT(27)
WCDB_TOKENIZER_SLOT(28)
WCDB_TOKENIZER_SLOT(29)
WCDB_TOKENIZER_SLOT(30)
WCDB_TOKENIZER_SLOT(31)

// sqlite3_db_config is variadic, which Swift cannot call.
static inline int wcdb_enable_fts3_tokenizer(sqlite3 *db) {
    int enabled = 0;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 1, &enabled);
}

// --- FTS5 -------------------------------------------------------------------------------------------
// sqlite3.h carries fts5.h's structs on both engines (fts5_api, fts5_tokenizer, Fts5ExtensionApi); only
// how a connection hands out its fts5_api differs. From SQLite 3.20 on it is `SELECT fts5(?1)` with a
// pointer bound under the type "fts5_api_ptr" (sqlite3_bind_pointer, which older headers lack); an
// engine without FTS5 fails to prepare it. NULL where there is no FTS5 or no sqlite3_bind_pointer (the
// caller asks only when the engine has FTS5, so SQLite logs no "no such function").
#include <stddef.h>
static inline fts5_api *wcdb_fts5_api(sqlite3 *db) {
#if SQLITE_VERSION_NUMBER >= 3020000
    fts5_api *api = NULL;
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, NULL) != SQLITE_OK) return NULL;
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", NULL);
    sqlite3_step(statement);
    sqlite3_finalize(statement);
    return api;
#else
    (void)db;
    return NULL;
#endif
}

// sqlite3_config is variadic, which Swift cannot call: this fixed-argument wrapper installs SQLite's
// error log callback (SQLITE_CONFIG_LOG). It only succeeds before SQLite initializes.
static inline int wcdb_sqlite3_config_log(void (*callback)(void *, int, const char *), void *context) {
    return sqlite3_config(SQLITE_CONFIG_LOG, callback, context);
}

// --- SQLCipher 4's own log --------------------------------------------------------------------------
// SQLCipher 4 writes its log (at WARN level by default: "ERROR CORE sqlcipher_page_cipher: hmac check
// failed for pgno=1") to stderr, and offers no callback: `PRAGMA cipher_log` takes only a file name or
// "stdout"/"stderr"/"off", and "stderr" means the FILE* that the C library's `stderr` holds at that
// moment. So this points `stderr` for the length of that one pragma at a FILE whose writes call `write`
// (glibc's fopencookie, line-buffered: one call per log line), then puts `stderr` back. SQLCipher keeps
// that FILE for good. Returns 1 when the log was routed; 0 when there is no fopencookie (not glibc).
// On SQLCipher 3, which has no such pragma, the statement does nothing.
#include <sys/types.h>
typedef ssize_t (*wcdb_log_write)(void *context, const char *bytes, size_t size);
#if defined(__linux__)
#include <dlfcn.h>
#include <stdio.h>
typedef struct {
    void *read;
    wcdb_log_write write;
    void *seek;
    void *close;
} wcdb_cookie_functions;  // glibc's cookie_io_functions_t, which its headers hide without _GNU_SOURCE
static inline int wcdb_route_sqlcipher_log(sqlite3 *db, wcdb_log_write write) {
    FILE *(*open_cookie)(void *, const char *, wcdb_cookie_functions) =
        (FILE *(*)(void *, const char *, wcdb_cookie_functions))dlsym(RTLD_DEFAULT, "fopencookie");
    if (open_cookie == NULL) return 0;
    wcdb_cookie_functions functions = { NULL, write, NULL, NULL };
    FILE *file = open_cookie(NULL, "w", functions);
    if (file == NULL) return 0;
    setvbuf(file, NULL, _IOLBF, 0);
    FILE *saved = stderr;
    stderr = file;
    int rc = sqlite3_exec(db, "PRAGMA cipher_log = stderr", NULL, NULL, NULL);
    stderr = saved;
    return rc == SQLITE_OK;
}
#else
static inline int wcdb_route_sqlcipher_log(sqlite3 *db, wcdb_log_write write) { (void)db; (void)write; return 0; }
#endif

#endif
