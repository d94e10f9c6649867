#!/usr/bin/env bash
# Fuzzes the CSV and JSON Lines readers and the command decoder with libFuzzer and AddressSanitizer.
#   tools/fuzz.sh [SECONDS]        (default 60; findings land in .build-fuzz/crash-*)
# LedgerDomain and BatchFormats are compiled as modules, with coverage and AddressSanitizer, from
# their own sources; the harness imports them. The fuzzer sees the same code that `orders import` runs.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
work=.build-fuzz
mkdir -p "$work/modules" "$work/corpus"
flags=(-O -parse-as-library -swift-version 6 -sanitize=fuzzer,address
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
    -I "$work/modules")
module() {  # module NAME: compiles Sources/NAME into a static library and its interface
    local name=$1
    mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
    swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$work/modules/$name.swiftmodule" \
        -emit-library -static -o "$work/lib$name.a" "${sources[@]}"
}
module LedgerDomain
module BatchFormats
cp data/good-batch.csv data/bad-batch.jsonl "$work/corpus/"
swiftc "${flags[@]}" -module-name FuzzReaders tools/fuzz/FuzzReaders.swift \
    "$work/libBatchFormats.a" "$work/libLedgerDomain.a" -o "$work/fuzz-readers"
cd "$work" && ./fuzz-readers -max_total_time="$seconds" -max_len=8192 -timeout=10 corpus 2>&1 | tail -n 12
