#!/usr/bin/env bash
# Builds the DocC documentation of WCDBSwift (Sources/WCDBSwift/WCDBSwift.docc and the `///` comments)
# into .build/docs; fails on any documentation warning (a broken symbol link, an unknown topic).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
out=.build/docs
mkdir -p "$out"
log="$(mktemp)"
swift package --allow-writing-to-directory "$out" generate-documentation --target WCDBSwift \
  --output-path "$out" --warnings-as-errors 2>&1 | tee "$log"
if grep -q "warning:" "$log"; then
  echo "docs.sh: documentation warnings (above)" >&2
  exit 1
fi
echo "docs.sh: documentation written to $out"
