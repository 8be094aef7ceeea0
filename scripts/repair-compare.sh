#!/usr/bin/env bash
# Prints, per damage scenario, the rows physically intact after the damage and the rows recovered
# exactly by WCDBSwift's recover, against sqlite3 3.40's .recover on the same plain files, and on
# encrypted files; then the means. Debian's sqlite3 lacks sqlite_dbpage, which .recover needs, so the
# shell is built from Debian's source package first (scripts/build-sqlite3-shell.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
shell=$(bash scripts/build-sqlite3-shell.sh)
swift build --build-tests >/dev/null
SQLITE3_SHELL="$shell" REPAIR_COMPARE=1 swift test --skip-build --filter RepairComparisonTests 2>&1 \
    | grep -E '^[|]|files:|^sqlite3 |error:' | awk '!seen[$0]++'
