#!/usr/bin/env bash
# The long run of the durability tests (README, "Reliability"): power cuts under the power-loss VFS
# (PowerLossTests: 16 scenarios × WCDB_POWER_LOSS_ROUNDS cuts, default 700 → 11,200 cuts; the same rounds
# for each of the 4 scenarios of MigrationPowerLossTests and of CompressionPowerLossTests, which the
# filter's 'PowerLossTests' also selects) and SIGKILLs of
# a process that migrates and writes (MigrationCrashTests: WCDB_MIGRATION_CRASH_RUNS kills, default 1,000).
# Engine-aware like test.sh (WCDB_ENGINE=system|debian13).
#
#   bash scripts/power-loss.sh
#   WCDB_POWER_LOSS_ROUNDS=100 WCDB_MIGRATION_CRASH_RUNS=100 bash scripts/power-loss.sh   # shorter
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/engine.sh
export WCDB_POWER_LOSS_ROUNDS="${WCDB_POWER_LOSS_ROUNDS:-700}"
export WCDB_MIGRATION_CRASH_RUNS="${WCDB_MIGRATION_CRASH_RUNS:-1000}"
swift build --build-tests "${ENGINE_FLAGS[@]}"
swift test --skip-build "${ENGINE_FLAGS[@]}" --filter 'PowerLossTests|MigrationCrashTests' 2>&1 |
  grep -E 'PowerLossTests:|MigrationCrashTests:|✘|passed after|failed after|Test run with'
