#ifndef WCDB_CSQLCIPHER_SHIM_H
#define WCDB_CSQLCIPHER_SHIM_H

// SQLCipher's header declares the codec API (sqlite3_key, sqlite3_rekey, ...) only when
// SQLITE_HAS_CODEC is defined; the library itself is always built with it.
#ifndef SQLITE_HAS_CODEC
#define SQLITE_HAS_CODEC 1
#endif

// The explicit sqlcipher/ prefix keeps the system SQLite header (if installed) from shadowing it.
#include <sqlcipher/sqlite3.h>

// sqlite3_config is variadic, which Swift cannot call: this fixed-argument wrapper installs SQLite's
// error log callback (SQLITE_CONFIG_LOG). It only succeeds before SQLite initializes.
static inline int wcdb_sqlite3_config_log(void (*callback)(void *, int, const char *), void *context) {
    return sqlite3_config(SQLITE_CONFIG_LOG, callback, context);
}

#endif
