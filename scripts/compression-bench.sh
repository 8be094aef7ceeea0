#!/usr/bin/env bash
# Column compression benchmark (issue 24): builds Benchmarks/CompressionBench in release and runs it on a
# generated corpus of chat messages (mixed Chinese/English text, small JSON payloads):
#   1. stored bytes and file size (after VACUUM) with no / normal / dictionary compression, against the
#      zstd tool at the same level on the same values, one value per file;
#   2. insert and fetch-all time of the compressed tables against the uncompressed one;
#   3. stepCompression's rows/s on N existing rows, alone and with a writer thread, timing its inserts.
# Prints a markdown table, also written to Benchmarks/.results/compression/table.md (samples as JSON lines
# beside it).
#
#   scripts/compression-bench.sh               # 100,000 messages, median of 5 runs, writer pauses 1 ms
#   scripts/compression-bench.sh 10000 2       # smaller
#   scripts/compression-bench.sh 100000 5 0    # the writer inserts back to back
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/Benchmarks/swift-build-env.sh"

bash "$root/scripts/setup.sh"  # libsqlcipher-dev, libzstd-dev, … when missing
if ! command -v zstd >/dev/null 2>&1; then
  echo "Installing the zstd command-line tool with apt-get…" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq zstd >/dev/null
fi

# ChatMessage's bindings, written by the project's generator as the plugin would (no swift-syntax in release).
generate_bench_bindings "$root/Benchmarks/CompressionBench/Sources/CompressionBench" Model.swift
cd "$root/Benchmarks/CompressionBench"
swift_build -c release --product CompressionBench --scratch-path .build >&2

out="$root/Benchmarks/.results/compression"
mkdir -p "$out"
COMPRESSION_BENCH_OUT="$out" .build/release/CompressionBench "$@" | tee "$out/table.md"
