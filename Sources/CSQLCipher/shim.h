#ifndef WCDB_CSQLCIPHER_SHIM_H
#define WCDB_CSQLCIPHER_SHIM_H

// SQLCipher's header declares the codec API (sqlite3_key, sqlite3_rekey, ...) only when
// SQLITE_HAS_CODEC is defined; the library itself is always built with it.
#ifndef SQLITE_HAS_CODEC
#define SQLITE_HAS_CODEC 1
#endif

// The explicit sqlcipher/ prefix keeps the system SQLite header (if installed) from shadowing it.
#include <sqlcipher/sqlite3.h>

#endif
