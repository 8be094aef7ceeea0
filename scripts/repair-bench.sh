#!/usr/bin/env bash
# Repair benchmark (release build of the wcdb tool): backup cost on a 100k-row database (time, material
# size) and recover throughput in MB/s of database file with peak resident memory, on a ~100 MB file
# with 5 % of its pages zeroed. Medians of 3 runs. Needs sqlite3 (to build the data quickly) and /usr/bin/time.
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
size=$(stat -c %s "$work/big.db")
pages=$(( size / 4096 ))
python3 - "$work/big.db" "$pages" <<'PY'
import random, sys
path, pages = sys.argv[1], int(sys.argv[2])
random.seed(7)
with open(path, "r+b") as f:
    for p in random.sample(range(2, pages + 1), pages // 20):
        f.seek((p - 1) * 4096); f.write(b"\0" * 4096)
PY
runs=""
for i in 1 2 3; do
  rm -f "$work/out$i.db"
  runs+=$(/usr/bin/time -f "%e %M" "$tool" recover "$work/big.db" "$work/out$i.db" 2>&1 >/dev/null | tail -1)$'\n'
done
secs=$(echo -n "$runs" | awk '{print $1}' | median)
rss=$(echo -n "$runs" | awk '{print $2}' | median)
echo "recover, $(( size / 1048576 )) MB file, 5 % pages zeroed: ${secs}s, $(python3 -c "print(round($size/1048576/$secs,1))") MB/s, peak RSS $(( rss / 1024 )) MB"
