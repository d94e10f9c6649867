#!/bin/sh
# Runs a command and prints its wall time and the peak of RssAnon (its heap and other private
# memory, without the store's mapped pages) sampled every 10 ms from /proc/PID/status.
# Usage: tools/peak-rss-anon.sh COMMAND [ARGUMENT...]   (standard output goes where the caller sends it)
start=$(date +%s.%N)
"$@" &
pid=$!
peak=0
while kill -0 "$pid" 2>/dev/null; do
    anon=$(awk '/^RssAnon:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
    if [ -n "$anon" ] && [ "$anon" -gt "$peak" ]; then peak=$anon; fi
    sleep 0.01
done
wait "$pid"
status=$?
end=$(date +%s.%N)
echo "exit $status, $(echo "$end - $start" | bc) s, peak RssAnon $peak kB" >&2
exit $status
