#!/usr/bin/env bash
# Repair benchmark (release build of the wcdb tool): backup cost on a 100k-row database (time, material
# size) and recover throughput in MB/s of database file with peak resident memory, on a ~100 MB file
# with 5 % of its pages zeroed, plain and encrypted (SQLCipher 3, exported from the plain file by a
# few lines of C over the system's libsqlcipher). Medians of 3 runs. Needs sqlite3 (to build the data
# quickly), gcc with libsqlcipher-dev, and /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product wcdb >/dev/null
tool="$PWD/.build/release/wcdb"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

sqlite3 "$work/small.db" "PRAGMA page_size=4096; CREATE TABLE message(id INTEGER PRIMARY KEY AUTOINCREMENT, content TEXT, t INTEGER);
  CREATE INDEX message_t ON message(t);
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 100000)
  INSERT INTO message(content, t) SELECT 'message ' || i || ' ' || hex(randomblob(20)), i FROM n;"
backups=$(for _ in 1 2 3; do /usr/bin/time -f %e "$tool" backup "$work/small.db" 2>&1 >/dev/null | tail -1; done | median)
material=$(stat -c %s "$work/small.db-first.material")
echo "backup, 100k rows ($(( $(stat -c %s "$work/small.db") / 1048576 )) MB file): ${backups}s wall incl. process start, material ${material} bytes"

sqlite3 "$work/big.db" "PRAGMA page_size=4096; CREATE TABLE message(id INTEGER PRIMARY KEY AUTOINCREMENT, content TEXT, payload BLOB, t INTEGER);
  CREATE INDEX message_t ON message(t);
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 400000)
  INSERT INTO message(content, payload, t) SELECT 'message ' || i || ' ' || hex(randomblob(40)), randomblob(100 + (i % 10) * 30), i FROM n;"
"$tool" backup "$work/big.db" >/dev/null
# The encrypted copy, before any damage: the same rows, the same SQLCipher 3.4.1 the project links.
cat > "$work/export.c" <<'C'
#include <sqlite3.h>
#include <stdio.h>
int main(int argc, char **argv) {
    sqlite3 *db; char *error = 0;
    if (sqlite3_open(argv[1], &db) != SQLITE_OK || sqlite3_exec(db, argv[2], 0, 0, &error) != SQLITE_OK) {
        fprintf(stderr, "%s\n", error ? error : sqlite3_errmsg(db)); return 1;
    }
    return sqlite3_close(db) == SQLITE_OK ? 0 : 1;
}
C
gcc -O2 -o "$work/export" "$work/export.c" $(pkg-config --cflags --libs sqlcipher)
"$work/export" "$work/big.db" "PRAGMA cipher_default_page_size = 4096; ATTACH DATABASE '$work/big-key.db' AS encrypted KEY 'bench-key'; SELECT sqlcipher_export('encrypted'); DETACH DATABASE encrypted;"
"$tool" backup "$work/big-key.db" --key bench-key >/dev/null

zero_five_percent() {  # the encrypted file has more pages: 48 bytes of each are SQLCipher's
python3 - "$1" "$(( $(stat -c %s "$1") / 4096 ))" <<'PY'
import random, sys
path, pages = sys.argv[1], int(sys.argv[2])
random.seed(7)
with open(path, "r+b") as f:
    for p in random.sample(range(2, pages + 1), pages // 20):
        f.seek((p - 1) * 4096); f.write(b"\0" * 4096)
PY
}

recover_runs() {  # $1 source, $2 label, then extra arguments for wcdb recover
  local source=$1 label=$2 runs="" secs rss size
  shift 2
  size=$(stat -c %s "$source")
  for i in 1 2 3; do
    rm -f "$work/out$i.db"
    runs+=$(/usr/bin/time -f "%e %M" "$tool" recover "$source" "$work/out$i.db" "$@" 2>&1 >/dev/null | tail -1)$'\n'
  done
  secs=$(echo -n "$runs" | awk '{print $1}' | median)
  rss=$(echo -n "$runs" | awk '{print $2}' | median)
  echo "recover, $label, $(( size / 1048576 )) MB file, 5 % pages zeroed: ${secs}s, $(python3 -c "print(round($size/1048576/$secs,1))") MB/s, peak RSS $(( rss / 1024 )) MB"
}

zero_five_percent "$work/big.db"
zero_five_percent "$work/big-key.db"
recover_runs "$work/big.db" plain
recover_runs "$work/big-key.db" "encrypted" --key bench-key
