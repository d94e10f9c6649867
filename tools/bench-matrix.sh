#!/usr/bin/env bash
# Whole-process figures per generator profile. For each profile: writes its batch (seed 42, no bad
# records), then REPEATS times imports it into a fresh store, rebuilds and verifies that store,
# then empties that store's read models and rebuilds it again (a rebuild that writes every row: one
# of read models that agree with the log writes none), then once imports it killed part-way and
# resumed, each command under /usr/bin/time, and prints a table: the rate from the fastest and the median
# run (records/s for import, events/s for rebuild and verify), each run's wall-clock and CPU
# (user + system) seconds, and its peak RSS. On a busy machine, CPU seconds vary less than wall.
#   tools/bench-matrix.sh [ORDERS] [PROFILES] [REPEATS] [FOLDER]
#   defaults: 1000000 orders, compact,spread,wide,hostile, 2 repeats, /tmp/orders-bench-matrix
# ORDERS_BENCH_FORMAT=jsonl writes and imports the batches as JSON Lines (rows "PROFILE, jsonl").
# Needs the release build (`swift build -c release --static-swift-stdlib`, and `--product generate-batch` and
# `--product damage-store`; ORDERS_BENCH_BUILD=1 builds them) and,
# per million orders, about 0.3-0.9 GB for the batch and 0.7-1.6 GB for the store, removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
orders="${1:-1000000}"
profiles="${2:-compact,spread,wide,hostile}"
repeats="${3:-2}"
folder="${4:-/tmp/orders-bench-matrix}"
format="${ORDERS_BENCH_FORMAT:-csv}"
[[ "$format" == csv || "$format" == jsonl ]] || { echo "error: ORDERS_BENCH_FORMAT is csv or jsonl, not $format" >&2; exit 1; }
batch="$folder/batch.$format"
bin=.build/release

if [[ "${ORDERS_BENCH_BUILD:-0}" == 1 ]]; then
    swift build -c release --static-swift-stdlib --product orders
    for product in generate-batch damage-store; do swift build -c release --product "$product"; done
fi
for tool in "$bin/orders" "$bin/generate-batch" "$bin/damage-store" /usr/bin/time; do
    [[ -x "$tool" ]] || { echo "error: $tool is missing; run 'swift build -c release' (or install GNU time)" >&2; exit 1; }
done
mkdir -p "$folder"
trap 'rm -rf "$folder/store" "$batch"' EXIT
runs="$folder/runs.tsv"
: > "$runs"

# run PROFILE COMMAND COUNT ARGS...: one timed run, appended to $runs as
# PROFILE COMMAND COUNT SECONDS KB CPU-SECONDS.
run() {
    local profile="$1" command="$2" count="$3"
    shift 3
    if ! /usr/bin/time -f '%e %M %U %S' -o "$folder/time" "$bin/orders" "$@" > "$folder/output" 2>&1; then
        echo "error: orders $* failed on the $profile batch:" >&2
        tail -5 "$folder/output" >&2
        exit 1
    fi
    read -r seconds kilobytes user system < "$folder/time"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$profile" "$command" "$count" "$seconds" "$kilobytes" \
        "$(awk "BEGIN { print $user + $system }")" | tee -a "$runs" >&2
}

for profile in ${profiles//,/ }; do
    label="$profile"
    [[ "$format" == csv ]] || label="$profile, $format"
    echo "== $label: generating $orders orders" >&2
    "$bin/generate-batch" --orders "$orders" --profile "$profile" --format "$format" --output "$batch" 2> "$folder/expected"
    records=$(sed -n 's/^records=\([0-9]*\) accepted=\([0-9]*\).*/\1/p' "$folder/expected")
    events=$(sed -n 's/^records=\([0-9]*\) accepted=\([0-9]*\).*/\2/p' "$folder/expected")
    [[ -n "$records" && -n "$events" ]] || { echo "error: generate-batch said: $(cat "$folder/expected")" >&2; exit 1; }
    echo "   $records records, $(du -h "$batch" | cut -f1)" >&2
    for _ in $(seq "$repeats"); do
        rm -rf "$folder/store"
        sync
        run "$label" import "$records" import --format json --store "$folder/store" "$batch"
        grep -q "\"accepted\" *: *$events[,}]" "$folder/output" \
            || { echo "error: the import did not accept the $events records predicted:" >&2; cat "$folder/output" >&2; exit 1; }
        sync
        run "$label" rebuild "$events" rebuild --store "$folder/store"
        run "$label" verify "$events" verify --store "$folder/store"
        "$bin/damage-store" clear "$folder/store" orders customer_orders customers skus revenue stats
        sync
        run "$label" "rebuild, every row" "$events" rebuild --store "$folder/store"
    done
    # An import killed after the commit that holds about 43 % of the records (65,536 records a
    # commit), then run again: the resume catches the read models up, then imports the rest. Its
    # peak RSS is the figure to read (its rate, over the whole file, is left out).
    rm -rf "$folder/store"
    sync
    # (In a subshell that reports the kill to its own standard error, dropped: the shell's "Killed" line.)
    (ORDERS_FAULT="after-commit:$(( records * 43 / 100 / 65536 + 1 ))" "$bin/orders" import --store "$folder/store" \
        "$batch" > /dev/null 2>&1; exit $?) 2> /dev/null \
        && { echo "error: the import to resume was not killed" >&2; exit 1; }
    sync
    run "$label" "import, resumed" 0 import --format json --store "$folder/store" "$batch"
    echo "   store: $(du -sh "$folder/store" | cut -f1)" >&2
    rm -rf "$folder/store" "$batch"
done

echo
echo "| profile | command | runs | rate, fastest run | rate, median run | wall s (each run) | CPU s (each run) | peak RSS, MiB (each run) |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
# Rows in the order run: profiles as given, then import, rebuild, verify, rebuild of every row, the resumed import.
awk -F'\t' '
    function median(values, n,    sorted, i, j, t) {
        for (i = 1; i <= n; i++) sorted[i] = values[i]
        for (i = 2; i <= n; i++) for (j = i; j > 1 && sorted[j - 1] > sorted[j]; j--) { t = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = t }
        return n % 2 ? sorted[(n + 1) / 2] : (sorted[n / 2] + sorted[n / 2 + 1]) / 2
    }
    function rate(count, seconds,    r) {
        if (seconds <= 0 || count == 0) return "-"
        r = count / seconds
        return r >= 1e6 ? sprintf("%.2fM", r / 1e6) : sprintf("%.0fk", r / 1e3)
    }
    {
        key = $1 SUBSEP $2
        if (!(key in runs)) { order[++rows] = key; profile[key] = $1; command[key] = $2; count[key] = $3 }
        n = ++runs[key]
        wall[key, n] = $4
        walls[key] = walls[key] (n > 1 ? ", " : "") $4
        cpus[key] = cpus[key] (n > 1 ? ", " : "") $6
        rss[key] = rss[key] (n > 1 ? ", " : "") sprintf("%.0f", $5 / 1024)
    }
    END {
        for (row = 1; row <= rows; row++) {
            key = order[row]; n = runs[key]
            delete times
            fastest = wall[key, 1]
            for (i = 1; i <= n; i++) { times[i] = wall[key, i]; if (times[i] < fastest) fastest = times[i] }
            unit = count[key] == 0 ? "" : (command[key] ~ /^import/) ? " records/s" : " events/s"
            printf "| %s | `orders %s` | %d | %s%s | %s%s | %s | %s | %s |\n", profile[key], command[key], n, \
                rate(count[key], fastest), unit, rate(count[key], median(times, n)), unit, walls[key], cpus[key], rss[key]
        }
    }' "$runs"
