#!/usr/bin/env bash
# Load figures of `orders serve` (docs/PERFORMANCE.md, "Serving over HTTP"): wrk against
# GET /api/orders/ID and GET /api/stats on STORE, each alone, then both at once while BATCH is
# imported into STORE (the import's wall time is printed: the figures count as "during an import"
# only while it is longer than the runs). Only loopback is used.
# Usage: tools/serve-load.sh STORE ORDER_ID BATCH [SECONDS] [ORDERS]
#   ORDERS defaults to .build/release/orders (swift build -c release --product orders);
#   SECONDS (default 10) is the length of each wrk run; ORDERS_LOAD_PORT (default 18787).
set -euo pipefail
if [ $# -lt 3 ]; then
    echo "usage: tools/serve-load.sh STORE ORDER_ID BATCH [SECONDS] [ORDERS]" >&2
    exit 2
fi
store=$1
id=$2
batch=$3
seconds=${4:-10}
orders=${5:-.build/release/orders}
port=${ORDERS_LOAD_PORT:-18787}
command -v wrk > /dev/null || { echo "serve-load: wrk is missing; install Debian's wrk" >&2; exit 2; }
[ -x "$orders" ] || { echo "serve-load: no $orders; build it first (see the usage in this script)" >&2; exit 2; }
"$orders" serve --store "$store" --listen "127.0.0.1:$port" > /dev/null &
server=$!
trap 'kill $server 2> /dev/null || true; wait $server 2> /dev/null || true' EXIT
until curl -sf "http://127.0.0.1:$port/api/stats" > /dev/null; do sleep 0.2; done
# wrk's summary: requests per second, the latency percentiles, and any error it counted.
load() {
    wrk -t"$1" -c"$2" -d"${seconds}s" --latency "http://127.0.0.1:$port$3" |
        grep -E "requests in|Requests/sec|^ +(50|90|99)%|Non-2xx|Socket errors" | sed "s|^|$3  |"
}
echo "== alone"
load 2 32 "/api/orders/$id"
load 2 32 /api/stats
echo "== during: orders import $batch"
start=$(date +%s.%N)
"$orders" import --store "$store" "$batch" > /dev/null &
importer=$!
load 1 16 "/api/orders/$id" > /tmp/serve-load-order.$$ &
order_load=$!
load 1 16 /api/stats > /tmp/serve-load-stats.$$ &
stats_load=$!
wait "$importer" || echo "import exit status: $?"
echo "import wall: $(echo "$(date +%s.%N) - $start" | bc) s"
wait "$order_load" "$stats_load"
cat /tmp/serve-load-order.$$ /tmp/serve-load-stats.$$
rm -f /tmp/serve-load-order.$$ /tmp/serve-load-stats.$$
