#!/usr/bin/env bash
# Two builds side by side, in turn (A B A B …), so that their ratio survives a machine whose speed
# drifts: for each generator profile, imports its batch into a fresh store with each build, then
# rebuilds and verifies each build's own store, every command under /usr/bin/time, and prints per
# command the median wall and CPU (user + system) seconds and peak RSS of each build, their ratios
# (A/B), and the two stores' sizes.
#   tools/bench-pair.sh ORDERS_A ORDERS_B [ORDERS] [PROFILES] [RUNS] [FOLDER]
#   defaults: 1000000 orders, compact,spread,wide,hostile, 3 runs (imports) and 5 (rebuild,
#   verify), /tmp/orders-bench-pair
# ORDERS_A and ORDERS_B are `orders` executables (release builds); the batches are written by
# this checkout's release `generate-batch` (`swift build -c release --product generate-batch`).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -ge 2 ]] || { echo "usage: tools/bench-pair.sh ORDERS_A ORDERS_B [ORDERS] [PROFILES] [RUNS] [FOLDER]" >&2; exit 2; }
a="$1"
b="$2"
orders="${3:-1000000}"
profiles="${4:-compact,spread,wide,hostile}"
runs="${5:-3}"
folder="${6:-/tmp/orders-bench-pair}"
generator=.build/release/generate-batch
for tool in "$a" "$b" "$generator" /usr/bin/time; do
    [[ -x "$tool" ]] || { echo "error: $tool is missing or not executable" >&2; exit 1; }
done
mkdir -p "$folder"
trap 'rm -rf "$folder/store-a" "$folder/store-b" "$folder/batch.csv"' EXIT

# timed SIDE COMMAND ARGS...: one run of `orders ARGS` by build SIDE, appended to $folder/runs as
# SIDE COMMAND WALL CPU KB.
timed() {
    local side="$1" command="$2"
    shift 2
    local binary="$a"
    [[ "$side" == B ]] && binary="$b"
    if ! /usr/bin/time -f '%e %U %S %M' -o "$folder/time" "$binary" "$@" > "$folder/output" 2>&1; then
        echo "error: $side: orders $* failed:" >&2
        tail -3 "$folder/output" >&2
        exit 1
    fi
    read -r wall user system kilobytes < "$folder/time"
    printf '%s %s %s %s %s\n' "$side" "$command" "$wall" "$(awk "BEGIN { print $user + $system }")" "$kilobytes" >> "$folder/runs"
}

# report COMMAND: the medians of each side and their ratios.
report() {
    awk -v command="$1" '
        function median(list, count,    sorted, i, j, t) {
            for (i = 1; i <= count; i++) sorted[i] = list[i]
            for (i = 1; i <= count; i++) for (j = i + 1; j <= count; j++) if (sorted[j] < sorted[i]) { t = sorted[i]; sorted[i] = sorted[j]; sorted[j] = t }
            return count % 2 ? sorted[(count + 1) / 2] : (sorted[count / 2] + sorted[count / 2 + 1]) / 2
        }
        $2 == command { n[$1]++; wall[$1, n[$1]] = $3; cpu[$1, n[$1]] = $4; kb[$1, n[$1]] = $5 }
        END {
            for (side in n) {
                for (i = 1; i <= n[side]; i++) { w[i] = wall[side, i]; c[i] = cpu[side, i]; k[i] = kb[side, i] }
                mw[side] = median(w, n[side]); mc[side] = median(c, n[side]); mk[side] = median(k, n[side])
            }
            printf "%-8s A: wall %.3f s, cpu %.3f s, peak %d MiB | B: wall %.3f s, cpu %.3f s, peak %d MiB | A/B wall %.3f, cpu %.3f (%d runs each)\n",
                command, mw["A"], mc["A"], mk["A"] / 1024, mw["B"], mc["B"], mk["B"] / 1024, mw["A"] / mw["B"], mc["A"] / mc["B"], n["A"]
        }' "$folder/runs"
}

for profile in ${profiles//,/ }; do
    "$generator" --orders "$orders" --profile "$profile" --format csv --output "$folder/batch.csv" 2> /dev/null
    : > "$folder/runs"
    for _ in $(seq "$runs"); do
        for side in A B; do
            rm -rf "$folder/store-${side,,}"
            sync
            timed "$side" import import --store "$folder/store-${side,,}" "$folder/batch.csv"
        done
    done
    for _ in $(seq $((runs + 2))); do
        for side in A B; do timed "$side" rebuild rebuild --store "$folder/store-${side,,}"; done
        for side in A B; do timed "$side" verify verify --store "$folder/store-${side,,}"; done
    done
    echo "== $profile, $orders orders"
    for command in import rebuild verify; do report "$command"; done
    size_a=$(stat -c %s "$folder/store-a/data.mdb")
    size_b=$(stat -c %s "$folder/store-b/data.mdb")
    echo "store    A: $size_a bytes | B: $size_b bytes | A/B $(awk "BEGIN { printf \"%.4f\", $size_a / $size_b }")"
done
