/*
 * What dropping a migrated source table costs a writer, and the ways around it that were measured
 * (Benchmarks/README.md, "Data migration"). Plain C on the engine WCDBSwift links.
 *
 *   cc -O2 -DSQLITE_HAS_CODEC -I/usr/include/sqlcipher Benchmarks/SQLCipherBench/Tools/drop-cost.c -lsqlcipher -o /tmp/drop-cost
 *   /tmp/drop-cost plain 1000000      # or: /tmp/drop-cost key 1000000
 *
 * Each case starts from a fresh file holding `old(id INTEGER PRIMARY KEY, content TEXT, value INTEGER,
 * blob BLOB)` with an index on `value` (the migration benchmark's shape), checkpointed, reopened, WAL
 * mode, secure_delete off (as WCDBSwift drops a source), and prints how long the write lock is held:
 *   cold:    BEGIN IMMEDIATE; DROP TABLE old; COMMIT
 *   warm:    every page of the table and its index read into a large cache first, in the same
 *            transaction (a deferred BEGIN, which another writer's commit in between would make fail),
 *            then the DROP: what is left is freeing the pages
 *   chunked: DROP INDEX, then the rows deleted by rowid range in transactions of 20,000 rows, then the
 *            DROP of the empty table: the longest transaction, and the total against the cold DROP
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static sqlite3 *db;
static const char *path = "/tmp/drop-cost.db";
static int keyed;

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static double ex(const char *sql) {
    char *error = 0; double start = now();
    if (sqlite3_exec(db, sql, 0, 0, &error) != SQLITE_OK) { fprintf(stderr, "%s: %s\n", sql, error); exit(1); }
    return (now() - start) * 1e3;
}
static void open_db(void) {
    if (sqlite3_open(path, &db) != SQLITE_OK) exit(1);
    if (keyed) ex("PRAGMA key = \"x'2DD29CA851E7B56E4697B0E1F08507293D761A05CE4D1B628663F411A8086D99'\"");
    if (keyed) ex("PRAGMA cipher_page_size = 4096");
    ex("PRAGMA journal_mode = WAL"); ex("PRAGMA synchronous = NORMAL");
    ex("PRAGMA wal_autocheckpoint = 0"); ex("PRAGMA secure_delete = 0");
}
static void fresh(int rows) {
    char sql[512];
    const char *suffixes[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) { snprintf(sql, sizeof sql, "%s%s", path, suffixes[i]); remove(sql); }
    open_db();
    ex("CREATE TABLE old(id INTEGER PRIMARY KEY, content TEXT, value INTEGER, blob BLOB)");
    ex("CREATE INDEX old_value ON old(value)");
    snprintf(sql, sizeof sql, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < %d) "
             "INSERT INTO old SELECT x, 'content number ' || x, x * 7 %% 1000, randomblob(16) FROM c", rows);
    ex("BEGIN"); ex(sql); ex("COMMIT"); ex("PRAGMA wal_checkpoint(TRUNCATE)");
    sqlite3_close(db);
    open_db();
}

int main(int argc, char **argv) {
    keyed = argc > 1 && strcmp(argv[1], "key") == 0;
    int rows = argc > 2 ? atoi(argv[2]) : 1000000;
    const char *name = keyed ? "key" : "plain";

    fresh(rows);
    double cold = ex("BEGIN IMMEDIATE") + ex("DROP TABLE old") + ex("COMMIT");
    printf("%s %d rows, cold: DROP holds the write lock %.1f ms\n", name, rows, cold);
    sqlite3_close(db);

    fresh(rows);
    ex("PRAGMA cache_size = -1000000");
    double read = ex("BEGIN") + ex("SELECT max(length(blob)) FROM old") + ex("SELECT count(*) FROM old INDEXED BY old_value WHERE value > -1");
    double warm = ex("DROP TABLE old") + ex("COMMIT");
    printf("%s %d rows, warm: reading every page %.1f ms, then DROP holds the write lock %.1f ms\n", name, rows, read, warm);
    sqlite3_close(db);

    fresh(rows);
    double start = now();
    double dropIndex = ex("BEGIN IMMEDIATE") + ex("DROP INDEX old_value") + ex("COMMIT");
    double longest = 0;
    sqlite3_stmt *del;
    sqlite3_prepare_v2(db, "DELETE FROM old WHERE rowid <= ?1", -1, &del, 0);
    for (int upTo = 20000; upTo < rows + 20000; upTo += 20000) {
        double chunk = ex("BEGIN IMMEDIATE");
        double s = now();
        sqlite3_bind_int(del, 1, upTo); sqlite3_step(del); sqlite3_reset(del);
        chunk += (now() - s) * 1e3 + ex("COMMIT");
        if (chunk > longest) longest = chunk;
        if ((upTo / 20000) % 8 == 0) ex("PRAGMA wal_checkpoint(PASSIVE)");
    }
    sqlite3_finalize(del);
    double dropEmpty = ex("BEGIN IMMEDIATE") + ex("DROP TABLE old") + ex("COMMIT");
    printf("%s %d rows, chunked: DROP INDEX %.1f ms, longest delete %.1f ms, DROP of the empty table %.1f ms, "
           "%.0f ms in all (the cold DROP: %.0f ms)\n", name, rows, dropIndex, longest, dropEmpty, (now() - start) * 1e3, cold);
    sqlite3_close(db);
    const char *suffixes[] = {"", "-wal", "-shm"};
    char file[512];
    for (int i = 0; i < 3; i++) { snprintf(file, sizeof file, "%s%s", path, suffixes[i]); remove(file); }
    return 0;
}
