#!/usr/bin/env bash
# Prints, per damage scenario, rows recovered exactly by WCDBSwift's recover against sqlite3's .recover
# (plain files) and by recover on encrypted files. Needs sqlite3 >= 3.40 on PATH (Debian: apt install sqlite3).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sqlite3 >/dev/null || { echo "sqlite3 not found (apt install sqlite3)"; exit 1; }
swift build --build-tests >/dev/null
REPAIR_COMPARE=1 swift test --skip-build --filter RepairComparisonTests 2>&1 | grep -E '^\||^encrypted|error|passed|failed'
