#!/usr/bin/env bash
# Runs the whole test suite: runtime, generator, plugin-built examples, against one SQLCipher:
#   bash scripts/test.sh                       # the system's (Debian 12: SQLCipher 3.4.1 / SQLite 3.15.2)
#   WCDB_ENGINE=debian13 bash scripts/test.sh  # Debian 13's 4.6.1 / 3.46.1, built into .build/sqlcipher-4.6.1
# When the other engine's build is there too (CI runs both), CrossEngineFileTests moves files between them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/setup-sqlcipher4.sh >/dev/null || true  # the real SQLCipher 4 engine for SQLCipher4Tests, which skip without it
source scripts/engine.sh
# The runtime's layers build only on the layers below them (no build needed to check).
python3 scripts/check-layers.py
started=$SECONDS
source scripts/swift-build-retrying.sh
swift_build_retrying --build-tests "${ENGINE_FLAGS[@]}" "$@"
echo "test.sh: build against $WCDB_ENGINE's SQLCipher took $((SECONDS - started)) s"
bash scripts/check-engine-links.sh
# The other engine's build, if it exists, is the other side of CrossEngineFileTests.
other=$([ "$WCDB_ENGINE" = system ] && echo .build-debian13 || echo .build)/debug/engine-file-probe
if [ -z "${WCDB_OTHER_ENGINE_PROBE:-}" ] && [ -x "$other" ]; then export WCDB_OTHER_ENGINE_PROBE="$PWD/$other"; fi
log="$ENGINE_SCRATCH/test-output.log"
swift test --skip-build "${ENGINE_FLAGS[@]}" "$@" 2>&1 | tee "$log"
# The library never writes to stderr: SQLCipher 4's own log ("2026-11-28 16:30:46.920: ERROR CORE …") goes
# to the tracers. Any such line in the run is a failure.
if grep -aE '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:.]+: (ERROR|WARN|INFO|DEBUG|TRACE) ' "$log"; then
  echo "test.sh: SQLCipher wrote its log to the output (above)" >&2
  exit 1
fi
# Docs that are tested: every Swift block of the README and the DocC articles, compiled in a new package
# made exactly as the README says to (a newcomer's first minutes); the blocks marked runnable also run.
bash scripts/docs-examples.sh
