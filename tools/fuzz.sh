#!/usr/bin/env bash
# Fuzzes the CSV and JSON Lines readers and the command decoder with libFuzzer and AddressSanitizer.
#   tools/fuzz.sh [SECONDS]        (default 60; findings land in .build-fuzz/crash-*)
# The reader sources and the domain are compiled into one fuzz binary (their module imports
# stripped), so the fuzzer sees the same code that `orders import` runs.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
work=.build-fuzz
rm -rf "$work/src" && mkdir -p "$work/src" "$work/corpus"
readers="OwnedBytes ByteSource CSVScanner CSVReader JSONLineParser JSONLinesReader BatchReader BatchRecord BatchPosition BatchFileError"
for file in Sources/LedgerDomain/*.swift; do cp "$file" "$work/src/"; done
for name in $readers; do cp "Sources/LedgerStore/$name.swift" "$work/src/"; done
cp tools/fuzz/FuzzReaders.swift "$work/src/"
sed -i -E '/^(public |internal )?import LedgerDomain$/d' "$work/src"/*.swift
cp data/good-batch.csv data/bad-batch.jsonl "$work/corpus/"
swiftc -O -parse-as-library -sanitize=fuzzer,address -module-name FuzzReaders "$work/src"/*.swift -o "$work/fuzz-readers"
cd "$work" && ./fuzz-readers -max_total_time="$seconds" -max_len=8192 -timeout=10 corpus 2>&1 | tail -n 12
