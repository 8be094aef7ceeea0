# Sourced by scripts/bench.sh, Benchmarks/callgrind.sh and the other benchmark scripts (scripts/*-bench.sh).
# SwiftPM records the environment in every build command, so a build under other BENCH_*/CALLGRIND_*
# values (another N, another workload list) would recompile everything, swift-syntax included
# (10+ minutes here). Builds therefore run without those variables.
#
# SwiftPM also keeps the root package's file list in a path dependant's cached `description.json`, so a
# source file added to the root package since the last benchmark build is not seen ("cannot find X in
# scope"). Deleting that one file makes it re-read the package; deleting build.db would rebuild
# swift-syntax in release.
swift_build() {
  local args=("$@") i
  for ((i = 0; i < ${#args[@]}; i++)); do
    if [[ ${args[i]} == --scratch-path ]]; then rm -f "${args[i+1]}"/release/description.json; fi
  done
  local unset=()
  while IFS= read -r name; do unset+=(-u "$name"); done < <(compgen -e | grep -E '^(BENCH|CALLGRIND)_|^MODE$' || true)
  env "${unset[@]}" swift build "$@"
}

# Writes a benchmark model's bindings, as the WCDBPlugin would: the root package's generator (a debug
# build, which the test suite builds anyway) on the model file, into Generated/ beside it. The benchmark
# package then builds in release without the plugin, so without swift-syntax.
#   generate_bench_bindings                                   # SQLCipherBench's BenchRow
#   generate_bench_bindings <sources folder> <model file>     # another package's model (CompressionBench)
generate_bench_bindings() {
  local root bench model generator
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  bench="${1:-$root/Benchmarks/SQLCipherBench/Sources/SQLCipherBench}"
  model="${2:-WCDBWorkloads.swift}"
  swift_build --package-path "$root" --product wcdb-generator >&2
  generator="$(swift_build --package-path "$root" --show-bin-path)/wcdb-generator"
  mkdir -p "$bench/Generated"
  "$generator" "$bench/$model" "$bench/Generated/${model%.swift}+WCDB.swift"
}
