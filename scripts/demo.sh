#!/usr/bin/env bash
# Runs the quick-start demo (Examples/Quickstart) on a database in a temporary directory.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift run Quickstart "$@"
