#!/usr/bin/env bash
# The one command for issue 6's benchmark: builds and runs Benchmarks/SQLCipherBench (raw C on
# SQLCipher + WCDBSwift, one process) and Benchmarks/GRDBBench (GRDB 7.10.0 + raw C on the
# system SQLite, another process), both in release, then prints one side-by-side table.
#
#   scripts/bench.sh                      # full run: N=100000, 5 runs (takes minutes)
#   BENCH_N=2000 BENCH_RUNS=2 scripts/bench.sh   # quick smoke run
#   scripts/bench.sh --tuning             # also the page/cache/temp-store runs of NOTES.md
#   WCDB_ENGINE=debian13 BENCH_SKIP_GRDB=1 scripts/bench.sh   # the SQLCipher side on Debian 13's 4.6.1
#
# Environment: BENCH_N (100000), BENCH_RUNS (5), BENCH_WARMUP (1), BENCH_CONC_SECONDS (2),
# BENCH_ONLY (comma-separated substrings of "workload/variant"), BENCH_TUNING (setting names),
# BENCH_OUT (folder for the JSON lines and the table; default Benchmarks/.results),
# BENCH_SKIP_GRDB=1 / BENCH_SKIP_SQLCIPHER=1, BENCH_METRIC=cpu (table of CPU times, not wall).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/../Benchmarks/swift-build-env.sh"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/Benchmarks"
OUT="${BENCH_OUT:-$BENCH/.results}"
export BENCH_N="${BENCH_N:-100000}" BENCH_RUNS="${BENCH_RUNS:-5}"
TUNING=0
for arg in "$@"; do
  case "$arg" in
    --tuning) TUNING=1 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "unknown argument: $arg" >&2; exit 2 ;;
  esac
done

# --- System packages (a fresh machine may lack them) -------------------------------------
need=()
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v python3 >/dev/null 2>&1 || need+=(python3)
[ -f /usr/include/sqlcipher/sqlite3.h ] || need+=(libsqlcipher-dev)
[ -f /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)
if [ "${#need[@]}" -gt 0 ]; then
  echo "bench.sh: installing ${need[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${need[@]}"
fi

mkdir -p "$OUT"
files=()
# The SQLCipher side runs on the engine scripts/engine.sh chooses (WCDB_ENGINE), in a build folder of its own.
source "$ROOT/scripts/engine.sh"
sqlcipher_scratch=.build-sqlcipher$([ "$WCDB_ENGINE" = system ] || echo "-$WCDB_ENGINE")

run_pkg() { # name scratch-folder executable [args...]
  local pkg="$BENCH/$1" scratch="$BENCH/$1/$2" exe="$3"; shift 3
  local link=()
  [ "$pkg" = "$BENCH/SQLCipherBench" ] && link=("${ENGINE_LINK_FLAGS[@]}")
  echo "bench.sh: building $exe (release)" >&2
  swift_build -c release --package-path "$pkg" --scratch-path "$scratch" --product "$exe" "${link[@]}" >&2
  local bin
  bin="$(swift_build -c release --package-path "$pkg" --scratch-path "$scratch" --show-bin-path "${link[@]}")/$exe"
  echo "bench.sh: running $exe $* (N=$BENCH_N, runs=$BENCH_RUNS)" >&2
  "$bin" "$@"
}

# One after the other, never at the same time: they would disturb each other's timings.
if [ "${BENCH_SKIP_SQLCIPHER:-0}" != 1 ]; then
  generate_bench_bindings
  run_pkg SQLCipherBench "$sqlcipher_scratch" SQLCipherBench > "$OUT/sqlcipher.jsonl"
  files+=("$OUT/sqlcipher.jsonl")
fi
if [ "${BENCH_SKIP_GRDB:-0}" != 1 ]; then
  run_pkg GRDBBench .build-grdb GRDBBench > "$OUT/grdb.jsonl"
  files+=("$OUT/grdb.jsonl")
fi
if [ "$TUNING" = 1 ]; then
  run_pkg SQLCipherBench "$sqlcipher_scratch" SQLCipherBench tuning > "$OUT/tuning.jsonl"
  files+=("$OUT/tuning.jsonl")
fi

echo >&2
metric=()
[ "${BENCH_METRIC:-wall}" = cpu ] && metric=(--cpu)
python3 "$BENCH/report.py" "${metric[@]}" "${files[@]}" | tee "$OUT/table.md"

# BENCH_UPDATE_README=1: the table of Benchmarks/README.md (between its bench-table markers) becomes
# this run's, so the published figures always come from one command.
if [ "${BENCH_UPDATE_README:-0}" = 1 ]; then
  python3 - "$ROOT/Benchmarks/README.md" "$OUT/table.md" <<'PY'
import sys
readme, table = sys.argv[1], open(sys.argv[2]).read().strip()
text = open(readme).read()
start, end = "<!-- bench-table:start -->", "<!-- bench-table:end -->"
head, rest = text.split(start, 1)
_, tail = rest.split(end, 1)
open(readme, "w").write(head + start + "\n" + table + "\n" + end + tail)
print(f"Benchmarks/README.md: table replaced ({table.count(chr(10)) + 1} lines)", file=sys.stderr)
PY
fi
