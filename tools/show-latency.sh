#!/bin/sh
# Whole-process figures of `orders show ID` and of `orders --version` (the process start alone)
# beside /bin/true, with perf stat (mean ± spread, task-clock = CPU, page faults), after checking
# that the binary links no part of Foundation proper: CoreFoundation's initialiser and ICU's
# calendars would run at every start (docs/PERFORMANCE.md, "orders show").
# Usage: tools/show-latency.sh STORE ORDER_ID [RUNS] [ORDERS]
#   ORDERS defaults to .build/release/orders, built with
#   swift build -c release --static-swift-stdlib --product orders; RUNS defaults to 30.
set -eu
if [ $# -lt 2 ]; then
    echo "usage: tools/show-latency.sh STORE ORDER_ID [RUNS] [ORDERS]" >&2
    exit 2
fi
store=$1
id=$2
runs=${3:-30}
orders=${4:-.build/release/orders}
command -v perf > /dev/null || { echo "show-latency: perf is missing; install Debian's linux-perf" >&2; exit 2; }
[ -x "$orders" ] || { echo "show-latency: no $orders; build it first (see the usage in this script)" >&2; exit 2; }
if nm "$orders" 2> /dev/null | grep -q ' __CFInitialize$'; then
    echo "show-latency: $orders links Foundation proper (its initialiser runs at every start); the objects" >&2
    echo "that use it (Thread, NSCondition, FileHandle, NSString, String(format:) ...):" >&2
    for object in "$(dirname "$orders")"/*.build/*.o; do
        nm -u "$object" 2> /dev/null | grep -q '10Foundation' && echo "  $object" >&2
    done
    exit 1
fi
perf stat -r "$runs" -e task-clock,page-faults "$orders" show "$id" --store "$store" > /dev/null
perf stat -r "$runs" -e task-clock,page-faults "$orders" --version > /dev/null
perf stat -r "$runs" -e task-clock,page-faults /bin/true
