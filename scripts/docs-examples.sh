#!/usr/bin/env bash
# Docs that are tested: every ```swift block of README.md and of the DocC articles
# (Sources/WCDBSwift/WCDBSwift.docc) compiles in a new package that depends on this checkout by path and
# applies WCDBPlugin, exactly as the README's "Using it in a package" says; blocks marked
# <!-- runnable --> also run, and blocks marked <!-- does-not-compile: … --> must fail to compile.
# The markers and the package are described in scripts/docs-examples.py. Run by scripts/test.sh.
# The package is kept in .build/docs-examples, so a second run rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/engine.sh
exec python3 scripts/docs-examples.py "$@"
