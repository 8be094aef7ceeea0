#!/usr/bin/env bash
# Every product and test binary of a build loads the SQLCipher that build was meant for (scripts/engine.sh):
# the system's libsqlcipher.so.0 (Debian 12), or the prefix's libsqlcipher.so.1 (Debian 13's 4.6.1). A
# build compiled against one header and linked to the other library fails here, not silently.
#   WCDB_ENGINE=debian13 bash scripts/check-engine-links.sh      # after that engine's `swift build --build-tests`
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/engine.sh
bin="$ENGINE_SCRATCH/debug"
if [ -n "${WCDB_ENGINE_PREFIX:-}" ]; then
  expected="$WCDB_ENGINE_PREFIX/lib/libsqlcipher.so.1"
else
  expected="$(realpath "$(pkg-config --variable=libdir sqlcipher)/libsqlcipher.so")"
fi
expected="$(realpath "$expected")"
status=0
checked=0
for binary in wcdb Quickstart migration-crash-child engine-file-probe WCDBSwiftPackageTests.xctest; do
  path="$bin/$binary"
  [ -e "$path" ] || { echo "check-engine-links: $path is missing" >&2; status=1; continue; }
  loaded="$(ldd "$path" | awk '/libsqlcipher/ { print $3 }')"
  if [ -z "$loaded" ] || [ "$(realpath "$loaded")" != "$expected" ]; then
    echo "check-engine-links: $path loads '${loaded:-no libsqlcipher}', expected $expected" >&2
    status=1
  fi
  checked=$((checked + 1))
done
[ "$status" -eq 0 ] && echo "check-engine-links: $checked binaries of $ENGINE_SCRATCH load $expected"
exit "$status"
