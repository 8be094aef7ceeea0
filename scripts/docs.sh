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
# Every public declaration carries a `///` comment (issue 15); the script lists any that does not.
if ! command -v python3 >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-minimal >/dev/null
fi
# The runtime and the file-format reader it builds on (WCDBRepair's public API serves WCDBSwift and `wcdb`).
for tree in Sources/WCDBSwift Sources/WCDBRepair; do
  if ! python3 scripts/doc-coverage.py "$tree" --fail-under 100; then
    python3 scripts/doc-coverage.py "$tree" --list >&2
    echo "docs.sh: public declarations of $tree without a /// comment (above)" >&2
    exit 1
  fi
done
echo "docs.sh: documentation written to $out"
