#!/usr/bin/env bash
# Full-text benchmark (issue 12): builds Benchmarks/FTSBench in release
# (no plugin, so no swift-syntax) and runs it.
#
#   scripts/fts-bench.sh            # 100,000 messages, median of 3 runs
#   scripts/fts-bench.sh 20000 2    # smaller
#   scripts/fts-bench.sh --allocs   # allocations per token, with valgrind
#   scripts/fts-bench.sh open       # cold open + first statement (tokenizers installed), median
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../Benchmarks/swift-build-env.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/../Benchmarks/FTSBench"
swift_build -c release --product FTSBench --scratch-path .build >&2
BIN=.build/release/FTSBench
if [ "${1:-}" = "--allocs" ]; then
  command -v valgrind >/dev/null || { echo "needs valgrind" >&2; exit 2; }
  allocs() { valgrind --tool=memcheck "$BIN" allocs "$@" 2>&1 | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,; }
  for kind in english chinese mixed; do
    small=$(allocs 200 10 "$kind"); large=$(allocs 200 110 "$kind")
    echo "$kind: 200 documents × 10 units: $small allocations; × 110 units: $large; per extra unit: $(python3 -c "print(round(($large - $small) / (200 * 100), 3))")"
  done
  exit 0
fi
"$BIN" "$@"
