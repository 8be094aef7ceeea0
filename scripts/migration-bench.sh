#!/usr/bin/env bash
# Data migration benchmark (issue 23): builds Benchmarks/SQLCipherBench in release and runs its
# `migration` mode, then prints the table (Benchmarks/migration-report.py).
#
#   scripts/migration-bench.sh                                   # 1,000,000 rows; (b) on 100,000; 5 runs
#   BENCH_MIGRATION_N=100000 BENCH_N=20000 BENCH_RUNS=2 scripts/migration-bench.sh   # smoke run
#
# Environment: BENCH_MIGRATION_N (1000000, rows of (a)), BENCH_N (100000, rows of (b)), BENCH_RUNS (5),
# BENCH_WARMUP (1), BENCH_MIGRATION_KEYS ("none,rawKey"), BENCH_ONLY (as scripts/bench.sh),
# BENCH_OUT (Benchmarks/.results: migration.jsonl and migration.md).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../Benchmarks/swift-build-env.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/Benchmarks"
OUT="${BENCH_OUT:-$BENCH/.results}"
mkdir -p "$OUT"
generate_bench_bindings
pkg="$BENCH/SQLCipherBench" scratch="$BENCH/SQLCipherBench/.build-sqlcipher"
echo "migration-bench.sh: building SQLCipherBench (release)" >&2
swift_build -c release --package-path "$pkg" --scratch-path "$scratch" --product SQLCipherBench >&2
bin="$(swift_build -c release --package-path "$pkg" --scratch-path "$scratch" --show-bin-path)/SQLCipherBench"
"$bin" migration > "$OUT/migration.jsonl"
python3 "$BENCH/migration-report.py" "$OUT/migration.jsonl" | tee "$OUT/migration.md"
