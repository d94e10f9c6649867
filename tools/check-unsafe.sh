#!/usr/bin/env bash
# Every `@unchecked Sendable`, `nonisolated(unsafe)` and `Unmanaged` states why it is sound: a
# comment containing `Safe:` on its line or within the 3 lines above it. Prints each one that does
# not, as file:line, and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=$(
    find Sources Tests Benchmarks Mirror tools -name '*.swift' -not -path '*/.build/*' -print0 | sort -z |
        xargs -0 awk '
            FNR == 1 { delete recent }
            {
                line = $0
                if (line ~ /@unchecked Sendable|nonisolated\(unsafe\)|Unmanaged/ && line !~ /^[[:space:]]*\/\//) {
                    safe = (line ~ /Safe:/)
                    for (back = 1; back <= 3; back++) if (recent[FNR - back] ~ /Safe:/) safe = 1
                    if (!safe) print FILENAME ":" FNR ": " line
                }
                recent[FNR] = line
            }
        '
)
if [[ -n "$missing" ]]; then
    echo "check-unsafe: these lack a 'Safe:' comment (on the line or within the 3 lines above) saying why they are sound:" >&2
    echo "$missing" >&2
    exit 1
fi
