#!/usr/bin/env bash
# Runs the whole test suite: runtime, generator, plugin-built examples.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/setup-sqlcipher4.sh >/dev/null || true  # the real SQLCipher 4 engine for SQLCipher4Tests, which skip without it
# The runtime's layers build only on the layers below them (no build needed to check).
python3 scripts/check-layers.py
started=$SECONDS
source scripts/swift-build-retrying.sh
swift_build_retrying --build-tests "$@"
echo "test.sh: build took $((SECONDS - started)) s"
swift test --skip-build "$@"
# Docs that are tested: every Swift block of the README and the DocC articles, compiled in a new package
# made exactly as the README says to (a newcomer's first minutes); the blocks marked runnable also run.
bash scripts/docs-examples.sh
