#!/usr/bin/env bash
# Checks that the command line's views, text helpers, progress display and options talk to ports:
# no Swift file under Sources/orders/{Views,Text,Progress,Options} imports LedgerStore or LMDB
# (the commands open the store in Commands/Support/StoreOpener and pass ports on). Exits 1
# naming each offending file and line.
# Usage: tools/check-ports.sh (from anywhere in the repository).
set -euo pipefail
cd "$(dirname "$0")/.."

PORT_ONLY_FOLDERS=(Sources/orders/Views Sources/orders/Text Sources/orders/Progress Sources/orders/Options)
# An import of either module, with any access level or attribute before it.
STORE_IMPORT='^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|package|internal|fileprivate|private)[[:space:]]+)?import[[:space:]]+((struct|class|enum|protocol|func|var|let|typealias)[[:space:]]+)?(LedgerStore|LMDB)([[:space:]]|$|\.)'

failed=0
while IFS= read -r hit; do
    echo "check-ports: $hit: imports the store; take a port, a view model or plain values instead, and open the store in Commands/Support" >&2
    failed=1
done < <(grep -rnE --include='*.swift' "$STORE_IMPORT" "${PORT_ONLY_FOLDERS[@]}" || true)
exit "$failed"
