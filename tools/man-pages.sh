#!/usr/bin/env bash
# Writes the man pages of orders, one per command, from its command tree (ArgumentParser's
# generate-manual plugin reads `orders --experimental-dump-help`), and installs them into
# DIR/man1 (default: $XDG_DATA_HOME/man, else ~/.local/share/man), where `man orders` and
# `man orders.list` find them.
# Usage: tools/man-pages.sh [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-${XDG_DATA_HOME:-$HOME/.local/share}/man}
swift package plugin generate-manual --configuration debug --multi-page
pages=.build/plugins/GenerateManual/outputs/orders
[[ -f "$pages/orders.1" ]] || { echo "man-pages: no $pages/orders.1 was generated" >&2; exit 1; }
mkdir -p "$target/man1"
cp "$pages"/*.1 "$target/man1/"
echo "installed $(ls "$pages"/*.1 | wc -l) man pages in $target/man1: man orders"
