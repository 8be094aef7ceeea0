#!/usr/bin/env bash
# Which crypto library reads SQLCipher 3 pages faster: OpenSSL's libcrypto (what Sources/WCDBRepair
# uses) or swift-crypto (Crypto + _CryptoExtras)? Builds Benchmarks/CryptoBench in release (its own
# package: the root package never compiles swift-crypto's BoringSSL) and prints medians as a table.
#
#   scripts/crypto-bench.sh        # 21 runs of 2048 pages per step
#   scripts/crypto-bench.sh 5      # 5 runs
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../Benchmarks/CryptoBench"
swift build -c release --product CryptoBench --scratch-path .build >&2
.build/release/CryptoBench "$@"
