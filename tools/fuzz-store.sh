#!/usr/bin/env bash
# Fuzzes the store's decoders (events read in place and their bounds, order records, read model
# rows, stored rejections, format-1 import records) with libFuzzer and AddressSanitizer.
#   tools/fuzz-store.sh [RUNS]     (default 1,000,000 executions; findings land in .build-fuzz-store/crash-*)
# The decoders' sources are compiled into one module with the harness (they are internal to
# LedgerStore), over LedgerDomain, BatchFormats, LedgerServices and LMDB compiled the same way.
# The corpus is seeded with every 7th value of a real store: a generated batch with bad records.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-1000000}"
work=.build-fuzz-store
mkdir -p "$work/modules"
flags=(-O -parse-as-library -swift-version 6 -sanitize=fuzzer,address
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
    -I "$work/modules" -I Sources/CLMDB)
module() {  # module NAME: compiles Sources/NAME into a static library and its interface
    local name=$1
    mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
    swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$work/modules/$name.swiftmodule" \
        -emit-library -static -o "$work/lib$name.a" "${sources[@]}"
}
module LMDB
module LedgerDomain
module BatchFormats
module LedgerServices
if [ ! -d "$work/corpus" ]; then
    swift build --product generate-batch >/dev/null && swift build --product orders >/dev/null
    swift build --product damage-store >/dev/null
    bin=$(swift build --show-bin-path)
    rm -rf "$work/store" && "$bin/generate-batch" --orders 3000 --bad-share 0.1 --output "$work/batch.csv" 2>/dev/null
    "$bin/orders" import --store "$work/store" --rejects /dev/null "$work/batch.csv" >/dev/null || true
    "$bin/damage-store" seeds "$work/store" "$work/corpus"
fi
swiftc "${flags[@]}" -module-name StoreDecoders tools/fuzz/FuzzStoreDecoders.swift \
    Sources/LedgerStore/Codec/*.swift Sources/LedgerStore/Schema/StoreError.swift \
    Sources/LedgerStore/Batches/StoredRejection.swift Sources/LedgerStore/Batches/ImportProgress.swift \
    "$work/libLedgerServices.a" "$work/libBatchFormats.a" "$work/libLedgerDomain.a" "$work/libLMDB.a" -llmdb \
    -o "$work/fuzz-store-decoders" 2>&1 | { grep -v 'Cannot export local symbol' || true; }
cd "$work" && ./fuzz-store-decoders -runs="$runs" -max_len=4096 -timeout=10 -rss_limit_mb=1024 -malloc_limit_mb=256 corpus 2>&1 |
    tail -n 12
