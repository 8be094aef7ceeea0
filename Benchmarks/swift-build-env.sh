# Sourced by scripts/bench.sh and Benchmarks/callgrind.sh.
# SwiftPM records the environment in every build command, so a build under other BENCH_*/CALLGRIND_*
# values (another N, another workload list) would recompile everything, swift-syntax included
# (10+ minutes here). Builds therefore run without those variables.
swift_build() {
  local unset=()
  while IFS= read -r name; do unset+=(-u "$name"); done < <(compgen -e | grep -E '^(BENCH|CALLGRIND)_|^MODE$' || true)
  env "${unset[@]}" swift build "$@"
}
