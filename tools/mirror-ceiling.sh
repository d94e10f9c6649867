#!/usr/bin/env bash
# The mirror against its ceiling: PostgreSQL's own COPY of every row a full mirror leaves.
# On a throwaway PostgreSQL 15 cluster on 127.0.0.1 (Debian's defaults, autovacuum off so that no
# vacuum of an earlier step's tables is counted in a later one), for the store given:
#   1. `orders-mirror` into an empty database, once per binary named in MIRRORS (each into a
#      database of its own), timed: wall, the mirror's user + system CPU and peak RSS, and
#      PostgreSQL's CPU (its processes' user + system from /proc, reaped children included);
#   2. the ceiling: every table of the first mirrored database dumped with `\copy … to`, then, in
#      a fresh database with the same tables (pg_dump's pre-data section), one psql session that
#      `\copy`s every file in and adds the same keys and indexes (pg_dump's post-data section),
#      with the mirror's `maintenance_work_mem`; timed the same way (psql's CPU as the client's).
# Usage: tools/mirror-ceiling.sh STORE
#   MIRRORS="Mirror/.build/release/orders-mirror /tmp/old/orders-mirror" tools/mirror-ceiling.sh /tmp/store
# The default MIRRORS is Mirror/.build/release/orders-mirror. Everything lives in a temporary
# folder, removed at the end with the server stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
store=${1:?usage: tools/mirror-ceiling.sh STORE}
read -r -a mirrors <<<"${MIRRORS:-Mirror/.build/release/orders-mirror}"
pg=${PG_BIN:-/usr/lib/postgresql/15/bin}
for program in "${mirrors[@]}" "$pg/initdb" "$pg/pg_dump" "$(command -v psql || echo psql)"; do
  [ -x "$program" ] || { echo "mirror-ceiling: $program is missing; build it (docs/MIRROR.md)" >&2; exit 1; }
done
[ -d "$store" ] || { echo "mirror-ceiling: $store is not a store folder" >&2; exit 1; }
# shellcheck source=tools/pg-scratch.sh
. tools/pg-scratch.sh
pg_scratch orders-ceiling
port=$(free_port)
stop() {
  "${as_pg[@]}" "$pg/pg_ctl" -D "$work/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap stop EXIT
"${as_pg[@]}" "$pg/initdb" -D "$work/data" -U bench -A trust -E UTF8 --locale=C >/dev/null
"${as_pg[@]}" "$pg/pg_ctl" -D "$work/data" -l "$work/server.log" -w \
  -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c autovacuum=off" start >/dev/null
sql() { psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U bench "$@"; }
postmaster=$(head -1 "$work/data/postmaster.pid")

# PostgreSQL's CPU seconds so far: the postmaster's own and its reaped children's, plus those
# of its living children.
pg_cpu() {
  local ticks=0 pid fields
  read -r -a fields < <(sed 's/^.*) //' "/proc/$postmaster/stat")
  ticks=$((fields[11] + fields[12] + fields[13] + fields[14]))
  for pid in $(pgrep -P "$postmaster"); do
    read -r -a fields < <(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null) || continue
    ticks=$((ticks + fields[11] + fields[12]))
  done
  echo "$ticks"
}
hz=$(getconf CLK_TCK)
# Runs a command timed: prints `LABEL: wall, client CPU, PostgreSQL CPU, client peak RSS, load average`.
timed() {
  local label=$1 before after load
  shift
  load=$(cut -d' ' -f1 /proc/loadavg)
  before=$(pg_cpu)
  /usr/bin/time -o "$work/time" -f '%e %U %S %M' "$@" >"$work/out" 2>&1 || {
    cat "$work/out" >&2
    exit 1
  }
  sleep 1  # the client's backend exits after the client: let the postmaster reap it
  after=$(pg_cpu)
  read -r wall user system rss <"$work/time"
  printf '%-28s %7.1f s wall  client %6.1f + %4.1f s  PostgreSQL %6.1f s  peak RSS %5d MB  load %s -> %s\n' \
    "$label" "$wall" "$user" "$system" "$(echo "($after - $before) / $hz" | bc -l)" $((rss / 1024)) \
    "$load" "$(cut -d' ' -f1 /proc/loadavg)"
}

number=0
for mirror in "${mirrors[@]}"; do
  number=$((number + 1))
  sql -d postgres -c "CREATE DATABASE mirror$number"
  timed "mirror $number ($(basename "$(dirname "$mirror")"))" \
    "$mirror" --store "$store" --to "postgres://bench@127.0.0.1:$port/mirror$number"
done

tables=$(sql -d mirror1 -At -c "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
mkdir "$work/rows"
for table in $tables; do sql -d mirror1 -c "\\copy $table to '$work/rows/$table'"; done
"$pg/pg_dump" -h 127.0.0.1 -p "$port" -U bench --section=pre-data mirror1 >"$work/pre.sql"
"$pg/pg_dump" -h 127.0.0.1 -p "$port" -U bench --section=post-data mirror1 >"$work/post.sql"
{
  echo "SET maintenance_work_mem = '256MB';"
  for table in $tables; do echo "\\copy $table from '$work/rows/$table'"; done
  cat "$work/post.sql"
} >"$work/ceiling.sql"
sql -d postgres -c "CREATE DATABASE ceiling"
sql -d ceiling -f "$work/pre.sql" >/dev/null
echo "rows: $(du -sh "$work/rows" | cut -f1) of COPY text in $(echo "$tables" | wc -w) tables;" \
  "keys and indexes: $(grep -cE '^(ALTER TABLE|CREATE)' "$work/post.sql")"
timed "ceiling (psql COPY + keys)" psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U bench -d ceiling \
  -1 -f "$work/ceiling.sql"
