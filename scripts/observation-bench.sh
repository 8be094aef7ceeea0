#!/usr/bin/env bash
# Observed-query benchmark (issue 43): builds Benchmarks/SQLCipherBench and Benchmarks/GRDBBench in
# release, runs each one's `observe` mode one after the other, and prints one table
# (Benchmarks/report.py): write throughput with 0, 1 and 100 observations of another table, and the
# time from a commit's call to its element (p50, p99) for one observation.
#
#   scripts/observation-bench.sh                                          # 5,000 commits, 1,000 rounds, 5 runs
#   BENCH_OBSERVE_N=1000 BENCH_OBSERVE_ROUNDS=200 BENCH_RUNS=2 scripts/observation-bench.sh   # smoke run
#
# Environment: BENCH_OBSERVE_N (5000), BENCH_OBSERVE_ROUNDS (1000), BENCH_RUNS (5), BENCH_WARMUP (1),
# BENCH_SKIP_GRDB=1, BENCH_OUT (Benchmarks/.results: observe-*.jsonl and observe.md).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../Benchmarks/swift-build-env.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/Benchmarks"
OUT="${BENCH_OUT:-$BENCH/.results}"
mkdir -p "$OUT"
source "$ROOT/scripts/engine.sh"
sqlcipher_scratch=.build-sqlcipher$([ "$WCDB_ENGINE" = system ] || echo "-$WCDB_ENGINE")

run_pkg() { # name scratch-folder executable [link flags...]
  local pkg="$BENCH/$1" scratch="$BENCH/$1/$2" exe="$3"; shift 3
  echo "observation-bench.sh: building $exe (release)" >&2
  swift_build -c release --package-path "$pkg" --scratch-path "$scratch" --product "$exe" "$@" >&2
  "$(swift_build -c release --package-path "$pkg" --scratch-path "$scratch" --show-bin-path "$@")/$exe" observe
}

generate_bench_bindings
run_pkg SQLCipherBench "$sqlcipher_scratch" SQLCipherBench "${ENGINE_LINK_FLAGS[@]}" > "$OUT/observe-wcdb.jsonl"
files=("$OUT/observe-wcdb.jsonl")
if [ "${BENCH_SKIP_GRDB:-0}" != 1 ]; then
  run_pkg GRDBBench .build-grdb GRDBBench > "$OUT/observe-grdb.jsonl"
  files+=("$OUT/observe-grdb.jsonl")
fi
python3 "$BENCH/observation-report.py" "${files[@]}" | tee "$OUT/observe.md"
