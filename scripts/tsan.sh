#!/usr/bin/env bash
# The pool's concurrency, checked: the Core tests (handles, pool, transactions, the concurrency stress
# tests, async cancellation), and the ORM tests of a handle's cancellation signal, pausable transactions,
# the transaction forms of every target and a compressed batch insert's helper thread, under
# ThreadSanitizer. Any data race it reports fails the run.
#   bash scripts/tsan.sh            # about 5 minutes on 2 cores, most of it the instrumented build
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}"
source scripts/swift-build-retrying.sh
swift_build_retrying --build-tests --sanitize=thread --scratch-path .build-tsan
swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "CoreTests|CancellationSignalTests|PausableTransactionTests|TransactionFormsTests|PrecompressedBatchTests" 2>&1 | tee .build-tsan/core-tests.log
if grep -q "ThreadSanitizer" .build-tsan/core-tests.log; then
  echo "tsan.sh: ThreadSanitizer reported a race (see .build-tsan/core-tests.log)" >&2
  exit 1
fi
