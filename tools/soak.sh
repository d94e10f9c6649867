#!/usr/bin/env bash
# A longer reliability run than CI's: the crash loop at more arrivals of every fault point and for
# several seeds (larger batches, so every arrival is reached), with many random-moment SIGKILLs of
# imports and rebuilds (each followed by verify) while whole records are appended to the batches
# between runs (each import runs with --rejects; every store must end with the ledger and the
# rejections of one import of the final files, and the runs' rejects files must hold each of its
# rejections, none twice in a file); then many mutated batches through the readers and the importer.
#   tools/soak.sh [KILLS] [FUZZ_RUNS] [SEEDS] [ARRIVALS]
#   (defaults: 2000 random kills per seed, 100000 fuzz runs, seeds "7 8 9", 12 arrivals per point)
set -euo pipefail
cd "$(dirname "$0")/.."
tools/bootstrap.sh
swift build --build-tests
export ORDERS_SOAK_KILLS="${1:-2000}" ORDERS_FUZZ_RUNS="${2:-100000}" ORDERS_SOAK_ARRIVALS="${4:-12}"
for seed in ${3:-7 8 9}; do
  ORDERS_SOAK_SEED="$seed" swift test --skip-build --disable-xctest --filter 'CrashLoopTests'
done
swift test --skip-build --disable-xctest --filter 'MutationFuzzTests'
