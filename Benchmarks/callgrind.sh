#!/usr/bin/env bash
# Instruction counts (valgrind callgrind) of the timed part of each workload: repeatable on a
# busy machine, unlike wall time. One valgrind run per (workload, variant), N rows, one
# uninstrumented warm-up then one sample (cold start: the mean of its samples); setup and
# teardown run uninstrumented.
#
#   Benchmarks/callgrind.sh                          # every workload except 6 (threads, timed)
#   CALLGRIND_ONLY="updateRowByRow key.updateRowByRow" Benchmarks/callgrind.sh
#   BENCH_N=20000 Benchmarks/callgrind.sh            # quicker
#   Benchmarks/callgrind.sh --tuning                 # the settings of NOTES.md (raw C, SQLCipher)
#   WCDB_ENGINE=debian13 BENCH_SKIP_GRDB=1 Benchmarks/callgrind.sh   # on Debian 13's SQLCipher 4.6.1
# Prints the same side-by-side table as scripts/bench.sh, in instructions (Ir).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/swift-build-env.sh"
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="${BENCH_OUT:-$BENCH/.results}"
export BENCH_N="${BENCH_N:-100000}"
command -v valgrind >/dev/null 2>&1 || {
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends valgrind
}
mkdir -p "$OUT"
generate_bench_bindings
# The SQLCipher side runs on the engine scripts/engine.sh chooses (WCDB_ENGINE), in a build folder of its own.
source "$BENCH/../scripts/engine.sh"
sqlcipher_scratch=.build-sqlcipher$([ "$WCDB_ENGINE" = system ] || echo "-$WCDB_ENGINE")

WORKLOADS="${CALLGRIND_ONLY:-insert fetchAll fetchIndexed updateAll updateRowByRow updateWhere pointRead pointReadAutocommit insertObject deleteWhere max coldStart key.insert key.fetchAll key.fetchIndexed key.updateAll key.updateRowByRow pass.insert pass.fetchAll pass.fetchIndexed pass.updateAll pass.updateRowByRow}"

run_engine() { # package scratch exe engine variants...
  local pkg="$BENCH/$1" scratch="$BENCH/$1/$2" exe="$3" engine="$4"; shift 4
  local link=()
  [ "$exe" = SQLCipherBench ] && link=("${ENGINE_LINK_FLAGS[@]}")
  swift_build -c release --package-path "$pkg" --scratch-path "$scratch" --product "$exe" "${link[@]}" >&2
  local bin
  bin="$(swift_build -c release --package-path "$pkg" --scratch-path "$scratch" --show-bin-path "${link[@]}")/$exe"
  local mode="${MODE:-}"
  for w in $WORKLOADS; do
    case "$engine:$w" in system-sqlite:key.*|system-sqlite:pass.*) continue ;; esac
    for v in "$@"; do
      local cg="$OUT/callgrind.$engine.$w.$v.out" line
      line="$(BENCH_CALLGRIND=1 BENCH_RUNS=1 BENCH_WARMUP="${BENCH_WARMUP:-1}" BENCH_ONLY="=$w/$v" \
        valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no --callgrind-out-file="$cg" \
        "$bin" $mode 2>/dev/null | grep '"workload"' || true)"
      if [ -z "$line" ]; then continue; fi   # that variant is not built in (e.g. wcdb before the ORM)
      if echo "$line" | grep -q '"error"'; then echo "callgrind: $engine $w $v: $line" >&2; continue; fi
      python3 - "$cg" "$engine" "$w" "$v" "$line" <<'PY'
import json, sys
cg, engine, w, v, line = sys.argv[1:]
ir = 0
for l in open(cg):
    if l.startswith("totals:") or l.startswith("summary:"):
        ir = max(ir, int(l.split()[1]))
d = json.loads(line)
per = ir / max(1, len(d.get("samples", [1])))
print(json.dumps({"engine": engine, "workload": w, "variant": v, "unit": "Ir", "median": per, "n": d.get("n")}))
print(f"callgrind: {engine} {w} {v}: {per:,.0f} Ir", file=sys.stderr)
PY
    done
  done
}

: > "$OUT/ir.jsonl"
if [ "${1:-}" = "--tuning" ]; then
  # Each tuning setting is a variant of the raw C workloads ("key." ones for keyed settings).
  bin_dir="$(swift_build -c release --package-path "$BENCH/SQLCipherBench" --scratch-path "$BENCH/SQLCipherBench/$sqlcipher_scratch" --show-bin-path "${ENGINE_LINK_FLAGS[@]}")"
  swift_build -c release --package-path "$BENCH/SQLCipherBench" --scratch-path "$BENCH/SQLCipherBench/$sqlcipher_scratch" --product SQLCipherBench "${ENGINE_LINK_FLAGS[@]}" >&2
  while IFS=$'\t' read -r prefix name; do
    ws=""
    [ "$prefix" = "-" ] && prefix=""
    for w in ${CALLGRIND_ONLY:-insert fetchAll updateAll updateRowByRow}; do ws="$ws $prefix$w"; done
    WORKLOADS="$ws" MODE=tuning run_engine SQLCipherBench "$sqlcipher_scratch" SQLCipherBench sqlcipher "tuning: $name" >> "$OUT/ir.jsonl"
  done < <("$bin_dir/SQLCipherBench" list-tuning | grep -F "${CALLGRIND_TUNING:-}")
  python3 "$BENCH/report.py" "$OUT/ir.jsonl" | tee "$OUT/ir-tuning.md"
  exit 0
fi
if [ "${BENCH_SKIP_SQLCIPHER:-0}" != 1 ]; then
  # wcdbRewriter: the per-call verbs with a rewriter that matches none of their statements registered.
  run_engine SQLCipherBench "$sqlcipher_scratch" SQLCipherBench sqlcipher rawC wcdb ${CALLGRIND_REWRITER:+wcdbRewriter} >> "$OUT/ir.jsonl"
fi
if [ "${BENCH_SKIP_GRDB:-0}" != 1 ]; then
  run_engine GRDBBench .build-grdb GRDBBench system-sqlite rawC grdbRecord grdbCodable grdbRaw >> "$OUT/ir.jsonl"
fi
python3 "$BENCH/report.py" "$OUT/ir.jsonl" | tee "$OUT/ir-table.md"
