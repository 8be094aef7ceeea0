#ifndef BENCH_CSQLCIPHER_SHIM_H
#define BENCH_CSQLCIPHER_SHIM_H

// Same as the root package's Sources/CSQLCipher/shim.h: SQLCipher's header declares the codec
// API (sqlite3_key, sqlite3_rekey, ...) only when SQLITE_HAS_CODEC is defined.
#ifndef SQLITE_HAS_CODEC
#define SQLITE_HAS_CODEC 1
#endif

// The explicit sqlcipher/ prefix keeps the system SQLite header from shadowing it.
#include <sqlcipher/sqlite3.h>

#endif
