#!/usr/bin/env bash
# Installs what orders needs beyond the Swift toolchain: LMDB's library and headers (Debian's
# liblmdb-dev) and pkg-config; and, for the PostgreSQL mirror's tests and demo (Mirror/), Debian's
# PostgreSQL 15 server and client; and, for the browser test of `orders serve`, Debian's chromium
# (when it cannot be installed, that test is skipped and says why). Does nothing when they are
# already there.
set -euo pipefail
missing=()
dpkg -s liblmdb-dev >/dev/null 2>&1 || missing+=(liblmdb-dev)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
[ -x /usr/lib/postgresql/15/bin/initdb ] && command -v psql >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing ${missing[*]} with apt-get" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if ! command -v chromium >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing chromium with apt-get (for the browser test of orders serve)" >&2
  if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null; }; then
    echo "chromium could not be installed: the browser test of orders serve will be skipped" >&2
  fi
fi
