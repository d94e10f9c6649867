#!/usr/bin/env bash
# A longer reliability run than CI's: many seeded SIGKILLs of imports and rebuilds (each followed
# by verify), and many mutated batches through the readers and the importer.
#   tools/soak.sh [KILLS] [FUZZ_RUNS] [SEED]      (defaults: 2000 kills, 100000 fuzz runs, seed 7)
set -euo pipefail
cd "$(dirname "$0")/.."
export ORDERS_SOAK_KILLS="${1:-2000}" ORDERS_FUZZ_RUNS="${2:-100000}" ORDERS_SOAK_SEED="${3:-7}"
tools/bootstrap.sh
swift test --disable-xctest --filter 'CrashLoopTests|MutationFuzzTests'
