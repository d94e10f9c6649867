#!/usr/bin/env bash
# Beyond one machine, on loopback: a PostgreSQL 15 primary and a streaming standby made with
# pg_basebackup (-R writes standby.signal and primary_conninfo); `orders mirror` writes into the
# primary, and every CLI query's JSON is then read back from the standby, as readers on other
# machines would. Needs orders, orders-mirror and generate-batch built (release by default):
#   swift build -c release && swift build -c release --package-path Mirror && tools/pg-standby-demo.sh
# ORDERS_BIN and MIRROR_BIN name other build folders. Everything lives in a temporary folder,
# removed at the end with both servers stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${ORDERS_BIN:-.build/release}
mirror_bin=${MIRROR_BIN:-Mirror/.build/release}
pg=${PG_BIN:-/usr/lib/postgresql/15/bin}
for program in "$bin/orders" "$bin/generate-batch" "$mirror_bin/orders-mirror" "$pg/initdb" "$(command -v psql || echo psql)"; do
  [ -x "$program" ] || { echo "pg-standby-demo: $program is missing; see the first lines of $0" >&2; exit 1; }
done
# shellcheck source=tools/pg-scratch.sh
. tools/pg-scratch.sh
pg_scratch orders-standby
primary_port=$(free_port)
standby_port=$(free_port)
stop() {
  "${as_pg[@]}" "$pg/pg_ctl" -D "$work/standby" -m fast -w stop >/dev/null 2>&1 || true
  "${as_pg[@]}" "$pg/pg_ctl" -D "$work/primary" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap stop EXIT
server_options() { echo "-p $1 -k $work -c listen_addresses=127.0.0.1"; }

echo "== primary on 127.0.0.1:$primary_port"
"${as_pg[@]}" "$pg/initdb" -D "$work/primary" -U demo -A trust -E UTF8 --locale=C >/dev/null
"${as_pg[@]}" "$pg/pg_ctl" -D "$work/primary" -l "$work/primary.log" -w -o "$(server_options "$primary_port")" start >/dev/null
psql -q -h 127.0.0.1 -p "$primary_port" -U demo -d postgres -c "CREATE DATABASE ledger"

echo "== standby on 127.0.0.1:$standby_port (pg_basebackup -R: standby.signal + primary_conninfo)"
"${as_pg[@]}" "$pg/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U demo -D "$work/standby" -R -X stream
ls "$work/standby/standby.signal" >/dev/null
"${as_pg[@]}" "$pg/pg_ctl" -D "$work/standby" -l "$work/standby.log" -w -o "$(server_options "$standby_port")" start >/dev/null
psql -At -h 127.0.0.1 -p "$standby_port" -U demo -d ledger -c "SELECT 'standby in recovery: ' || pg_is_in_recovery()"

echo "== a store with 2,000 generated orders (10% bad records), mirrored into the primary"
store="$work/store"
"$bin/generate-batch" --orders 2000 --bad-share 0.1 --output "$work/batch.csv" 2>/dev/null
"$bin/orders" import --store "$store" "$work/batch.csv" >/dev/null || [ $? -eq 1 ]
PATH="$mirror_bin:$PATH" "$bin/orders" mirror --store "$store" --to "postgres://demo@127.0.0.1:$primary_port/ledger"

wait_for_standby() {
  local target
  target=$(psql -At -h 127.0.0.1 -p "$primary_port" -U demo -d ledger -c "SELECT pg_current_wal_lsn()")
  for _ in $(seq 1 300); do
    if [ "$(psql -At -h 127.0.0.1 -p "$standby_port" -U demo -d ledger \
      -c "SELECT pg_last_wal_replay_lsn() >= '$target'::pg_lsn")" = t ]; then return 0; fi
    sleep 0.1
  done
  echo "pg-standby-demo: the standby did not catch up" >&2
  return 1
}

compare() {
  local failures=0
  for query in list customers revenue skus stats; do
    case $query in list) args=(list --limit 0) ;; *) args=("$query") ;; esac
    "$bin/orders" "${args[@]}" --store "$store" --format json >"$work/cli.json"
    psql -At -h 127.0.0.1 -p "$standby_port" -U demo -d ledger -f "Mirror/queries/$query.sql" >"$work/standby.json"
    if python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' \
      "$work/cli.json" "$work/standby.json"; then
      echo "   orders ${args[*]} --format json = Mirror/queries/$query.sql on the standby"
    else
      echo "   orders ${args[*]}: the standby answers differently" >&2
      failures=$((failures + 1))
    fi
  done
  return $failures
}

echo "== the standby answers what the CLI answers"
wait_for_standby
compare

echo "== 1,000 more orders (other ids: --id-length 12) imported and mirrored again; the standby follows"
"$bin/generate-batch" --orders 1000 --seed 7 --id-length 12 --bad-share 0.1 --output "$work/more.csv" 2>/dev/null
"$bin/orders" import --store "$store" "$work/more.csv" >/dev/null || [ $? -eq 1 ]
PATH="$mirror_bin:$PATH" "$bin/orders" mirror --store "$store" --to "postgres://demo@127.0.0.1:$primary_port/ledger"
wait_for_standby
compare
psql -At -h 127.0.0.1 -p "$standby_port" -U demo -d ledger -c "SELECT 'standby holds ' || (SELECT count(*) FROM events)
  || ' events and ' || (SELECT count(*) FROM orders) || ' orders, checkpoint ' || (SELECT seq FROM mirror_checkpoint)"
echo "== done: both servers stop and $work is removed"
