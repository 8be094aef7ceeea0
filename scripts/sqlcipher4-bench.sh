#!/usr/bin/env bash
# SQLCipher 4 → 3 conversion speed and memory: the real SQLCipher 4 engine (scripts/setup-sqlcipher4.sh)
# writes a ~100 MB SQLCipher 4 file (256,000 KDF iterations, 4096-byte pages), Benchmarks/SQLCipher4Bench
# (release) converts it with WCDBRepair's CipherTranscoder three times (MB/s of the median run, with and
# without the two key derivations), /usr/bin/time -v gives the peak RSS of that process, and the real
# engine checks the last output as SQLCipher 3 (cipher_compatibility 3: integrity_check and every HMAC).
#
#   scripts/sqlcipher4-bench.sh                 # ~100 MB, 3 runs
#   SQLCIPHER4_BENCH_MB=20 SQLCIPHER4_BENCH_RUNS=1 scripts/sqlcipher4-bench.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
python=$(bash scripts/setup-sqlcipher4.sh)
megabytes=${SQLCIPHER4_BENCH_MB:-100}
runs=${SQLCIPHER4_BENCH_RUNS:-3}
key="sqlcipher4 bench key"
work=$(mktemp -d "${TMPDIR:-/tmp}/sqlcipher4-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# About 5.3 KB a row: a 4000-byte payload, every 10th row a 6 KB text (and its index entry).
rows=$((megabytes * 1000000 / 5300))
started=$SECONDS
"$python" scripts/sqlcipher4.py write "$work/v4.db" "$key" --rows "$rows" --blob-size 4000
echo "real engine wrote $(du -m "$work/v4.db" | cut -f1) MB ($rows rows) in $((SECONDS - started)) s"

(cd Benchmarks/SQLCipher4Bench && swift build -c release --scratch-path .build >&2)
/usr/bin/time -v -o "$work/time.txt" Benchmarks/SQLCipher4Bench/.build/release/SQLCipher4Bench \
    "$work/v4.db" "$work/v3.db" "$key" "$runs"
rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/time.txt")
echo "peak RSS $((rss / 1024)) MB ($rss KB, whole process: $runs runs and the key derivations)"
verdict=$("$python" scripts/sqlcipher4.py check "$work/v3.db" "$key" --compat 3)
echo "real engine on the SQLCipher 3 output (cipher_compatibility 3): $verdict"
[ "$verdict" = "ok" ]
