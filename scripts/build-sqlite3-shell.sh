#!/usr/bin/env bash
# Builds sqlite3 3.40's shell from Debian's source package with sqlite_dbpage enabled (Debian's own
# binary lacks it, so its `.recover` fails with "no such table: sqlite_dbpage"). Output:
# .build/sqlite3-dbpage/sqlite3. Needs deb.debian.org, tclsh and a C compiler.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$PWD/.build/sqlite3-dbpage"
[ -x "$out/sqlite3" ] && { echo "$out/sqlite3"; exit 0; }
work="$out/src"; apt="$out/apt"
mkdir -p "$work" "$apt/lists/partial"
echo "deb-src http://deb.debian.org/debian bookworm main" > "$apt/sources.list"
opts=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists="$apt/lists")
(cd "$work" && apt-get "${opts[@]}" update >/dev/null && apt-get "${opts[@]}" source --download-only sqlite3 >/dev/null 2>&1)
tar -C "$work" -xf "$work"/sqlite3_*.orig.tar.xz
src=$(ls -d "$work"/sqlite3-*/ | head -1)
(cd "$src" && ./configure --disable-tcl >/dev/null && make sqlite3.c shell.c >/dev/null)
gcc -O2 -DSQLITE_ENABLE_DBPAGE_VTAB -DSQLITE_THREADSAFE=0 -I"$src" "$src/shell.c" "$src/sqlite3.c" -lm -ldl -o "$out/sqlite3"
echo "$out/sqlite3"
