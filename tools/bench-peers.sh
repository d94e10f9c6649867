#!/usr/bin/env bash
# Whole-process figures of `orders` beside the tools a user would load a batch into instead, in one
# sitting on the same batch. For each profile: writes its batch (seed 42, no bad records) as CSV
# and as JSON Lines, then REPEATS times, each command under /usr/bin/time:
#   - `orders import` of the CSV and of the JSON Lines into fresh stores (records/s), then
#     `orders rebuild` and `orders verify` of the CSV's store (events/s);
#   - the C fold (tools/peers/fold.c, built here against liblmdb): one thread reads that store's
#     log read-only and folds every read model into dense arrays (events/s). Its summary (status
#     counts, revenue per day and currency as exact integers, customers' and skus' totals) must
#     equal what `orders stats|revenue|customers|skus --format json` answer, or the script fails;
#   - SQLite: the sqlite3 CLI's `.import` of the CSV into a table of a fresh database (records/s);
#   - DuckDB (from PyPI; tools/peers/duckdb_peer.py): `read_csv` of the CSV into a database of
#     events and lines (records/s), then the read models as SQL over them (events/s), whose
#     summary must equal the store's too.
# Prints a table: the rate of the fastest run by wall-clock and by CPU seconds, each run's wall-clock and CPU (user + system)
# seconds, peak RSS and the 1-minute load average when it started. On a busy machine, CPU
# seconds vary less than wall.
#   tools/bench-peers.sh [ORDERS] [PROFILES] [REPEATS] [FOLDER]
#   defaults: 1000000 orders, compact,spread,wide,hostile, 1 repeat, /tmp/orders-bench-peers
# Needs the release build (`swift build -c release --static-swift-stdlib --product orders` and
# `--product generate-batch`; ORDERS_BENCH_BUILD=1 builds them), cc, pkg-config and liblmdb-dev,
# sqlite3 and python3. Without `import duckdb` in python3 it makes a venv in FOLDER and installs
# duckdb from PyPI there. Per million orders: about 0.3-0.9 GB for each batch, 0.7-1.6 GB for
# each store and about as much for the databases, removed at the end (the venv is kept).
set -euo pipefail
cd "$(dirname "$0")/.."
orders="${1:-1000000}"
profiles="${2:-compact,spread,wide,hostile}"
repeats="${3:-1}"
folder="${4:-/tmp/orders-bench-peers}"
bin=.build/release
peers=tools/peers

if [[ "${ORDERS_BENCH_BUILD:-0}" == 1 ]]; then
    swift build -c release --static-swift-stdlib --product orders
    swift build -c release --product generate-batch
fi
for tool in "$bin/orders" "$bin/generate-batch" /usr/bin/time; do
    [[ -x "$tool" ]] || { echo "error: $tool is missing; run 'swift build -c release' (or install GNU time)" >&2; exit 1; }
done
for tool in cc pkg-config sqlite3 python3; do
    command -v "$tool" > /dev/null || { echo "error: $tool is missing" >&2; exit 1; }
done
mkdir -p "$folder"
trap 'rm -rf "$folder/store" "$folder/store-jsonl" "$folder/batch.csv" "$folder/batch.jsonl" "$folder/peer.sqlite" \
    "$folder/peer.duckdb" "$folder/peer.duckdb.wal" "$folder/"*.json "$folder/"*.txt' EXIT

# The C fold, built for this machine.
# shellcheck disable=SC2046 # pkg-config's flags are words.
cc -O2 -Wall -Wextra -o "$folder/fold" "$peers/fold.c" $(pkg-config --cflags --libs lmdb)
# DuckDB: the system's python3 if it has it, else a venv of its own.
python=python3
if ! python3 -c 'import duckdb' 2> /dev/null; then
    python="$folder/venv/bin/python3"
    if ! "$python" -c 'import duckdb' 2> /dev/null; then
        echo "== installing duckdb from PyPI into $folder/venv" >&2
        python3 -m venv "$folder/venv"
        "$folder/venv/bin/pip" install --quiet duckdb
    fi
fi
echo "== sqlite3 $(sqlite3 --version | cut -d' ' -f1), duckdb $("$python" -c 'import duckdb; print(duckdb.__version__)'), $(cc --version | head -1)" >&2

runs="$folder/runs.tsv"
: > "$runs"

# timed PROFILE TOOL TASK COUNT UNIT COMMAND...: one timed run of COMMAND (its output in
# $folder/output), appended to $runs as PROFILE TOOL TASK COUNT UNIT SECONDS KB CPU-SECONDS LOAD.
timed() {
    local profile="$1" tool="$2" task="$3" count="$4" unit="$5" load
    shift 5
    sync
    load=$(cut -d' ' -f1 /proc/loadavg)
    if ! /usr/bin/time -f '%e %M %U %S' -o "$folder/time" "$@" > "$folder/output" 2>&1; then
        echo "error: $tool $task failed on the $profile batch: $*" >&2
        tail -5 "$folder/output" >&2
        exit 1
    fi
    read -r seconds kilobytes user system < "$folder/time"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$profile" "$tool" "$task" "$count" "$unit" "$seconds" "$kilobytes" \
        "$(awk "BEGIN { print $user + $system }")" "$load" | tee -a "$runs" >&2
}

# same WHAT EXPECTED ACTUAL: fails loudly unless the two summaries are equal.
same() {
    if ! diff "$2" "$3" > "$folder/difference"; then
        echo "error: $1 does not agree with orders on the store (< orders, > $1):" >&2
        head -20 "$folder/difference" >&2
        exit 1
    fi
}

for profile in ${profiles//,/ }; do
    echo "== $profile: generating $orders orders" >&2
    for format in csv jsonl; do
        "$bin/generate-batch" --orders "$orders" --profile "$profile" --format "$format" \
            --output "$folder/batch.$format" 2> "$folder/expected.$format"
    done
    cmp -s "$folder/expected.csv" "$folder/expected.jsonl" \
        || { echo "error: the CSV and JSON Lines batches differ: $(cat "$folder/expected."*)" >&2; exit 1; }
    records=$(sed -n 's/^records=\([0-9]*\) accepted=\([0-9]*\).*/\1/p' "$folder/expected.csv")
    events=$(sed -n 's/^records=\([0-9]*\) accepted=\([0-9]*\).*/\2/p' "$folder/expected.csv")
    [[ -n "$records" && -n "$events" ]] || { echo "error: generate-batch said: $(cat "$folder/expected.csv")" >&2; exit 1; }
    echo "   $records records, CSV $(du -h "$folder/batch.csv" | cut -f1), JSON Lines $(du -h "$folder/batch.jsonl" | cut -f1)" >&2
    for _ in $(seq "$repeats"); do
        for format in csv jsonl; do
            store="$folder/store"
            [[ "$format" == csv ]] || store="$folder/store-jsonl"
            rm -rf "$store"
            timed "$profile" orders "import, $format" "$records" records/s \
                "$bin/orders" import --format json --store "$store" "$folder/batch.$format"
            grep -q "\"accepted\" *: *$events[,}]" "$folder/output" \
                || { echo "error: the import did not accept the $events records predicted:" >&2; cat "$folder/output" >&2; exit 1; }
        done
        rm -rf "$folder/store-jsonl"
        timed "$profile" orders rebuild "$events" events/s "$bin/orders" rebuild --store "$folder/store"
        timed "$profile" orders verify "$events" events/s "$bin/orders" verify --store "$folder/store"

        timed "$profile" "C fold" "fold over LMDB" "$events" events/s "$folder/fold" "$folder/store"
        cp "$folder/output" "$folder/fold.txt"
        for query in stats revenue customers skus; do
            "$bin/orders" "$query" --store "$folder/store" --format json > "$folder/$query.json"
        done
        python3 "$peers/orders_summary.py" "$folder/"{stats,revenue,customers,skus}.json > "$folder/orders.txt"
        same "the C fold" "$folder/orders.txt" "$folder/fold.txt"

        rm -f "$folder/peer.sqlite"
        timed "$profile" SQLite ".import, csv" "$records" records/s \
            sqlite3 "$folder/peer.sqlite" ".mode csv" ".import '$folder/batch.csv' events"
        rows=$(sqlite3 "$folder/peer.sqlite" "SELECT count(*) FROM events")
        [[ "$rows" == "$records" ]] || { echo "error: SQLite imported $rows rows, not $records" >&2; exit 1; }
        rm -f "$folder/peer.sqlite"

        rm -f "$folder/peer.duckdb" "$folder/peer.duckdb.wal"
        timed "$profile" DuckDB "read_csv, csv" "$records" records/s \
            "$python" "$peers/duckdb_peer.py" load "$folder/peer.duckdb" "$folder/batch.csv"
        timed "$profile" DuckDB "read models in SQL" "$events" events/s \
            "$python" "$peers/duckdb_peer.py" fold "$folder/peer.duckdb"
        "$python" "$peers/duckdb_peer.py" summary "$folder/peer.duckdb" > "$folder/duckdb.txt"
        same DuckDB "$folder/orders.txt" "$folder/duckdb.txt"
        rm -f "$folder/peer.duckdb" "$folder/peer.duckdb.wal"
    done
    echo "   store: $(du -sh "$folder/store" | cut -f1); the C fold and DuckDB agree with orders" >&2
    rm -rf "$folder/store" "$folder/batch.csv" "$folder/batch.jsonl"
done

echo
echo "| profile | tool | task | runs | rate, fastest run | rate per CPU s, fastest run | wall s (each run) | CPU s (each run) | peak RSS, MiB (each run) | load, 1 min (each run) |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
awk -F'\t' '
    function rate(count, seconds,    r) {
        if (seconds <= 0) return "-"
        r = count / seconds
        return r >= 1e6 ? sprintf("%.2fM", r / 1e6) : sprintf("%.0fk", r / 1e3)
    }
    {
        key = $1 SUBSEP $2 SUBSEP $3
        if (!(key in runs)) { order[++rows] = key; profile[key] = $1; tool[key] = $2; task[key] = $3; count[key] = $4; unit[key] = $5 }
        n = ++runs[key]
        if (n == 1 || $6 < fastest[key]) fastest[key] = $6
        if (n == 1 || $8 < leanest[key]) leanest[key] = $8
        walls[key] = walls[key] (n > 1 ? ", " : "") $6
        cpus[key] = cpus[key] (n > 1 ? ", " : "") $8
        rss[key] = rss[key] (n > 1 ? ", " : "") sprintf("%.0f", $7 / 1024)
        loads[key] = loads[key] (n > 1 ? ", " : "") $9
    }
    END {
        for (row = 1; row <= rows; row++) {
            key = order[row]
            printf "| %s | %s | %s | %d | %s %s | %s %s | %s | %s | %s | %s |\n", profile[key], tool[key], task[key], runs[key], \
                rate(count[key], fastest[key]), unit[key], rate(count[key], leanest[key]), unit[key], walls[key], cpus[key], \
                rss[key], loads[key]
        }
    }' "$runs"
