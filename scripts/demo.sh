#!/usr/bin/env bash
# Runs the quick-start demo (Examples/Quickstart) on a database in a temporary directory.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/swift-build-retrying.sh
swift_build_retrying --product Quickstart
swift run --skip-build Quickstart "$@"
