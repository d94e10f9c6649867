#!/usr/bin/env bash
# Checks the documents: README.md is at most 300 lines, every relative link in README.md and
# docs/*.md resolves inside the repository, and nothing in the project speaks of work sessions,
# issue numbers, the benchmark machine's moods or run times. Exits 1 naming each offending line.
# Usage: tools/check-docs.sh (from anywhere in the repository).
set -euo pipefail
cd "$(dirname "$0")/.."

# Files left out of the diary check (none: the whole project speaks of itself only).
DIARY_CHECK_EXCLUDED=()

README_MAX_LINES=300
# Sessions, issue numbers, the machine's moods, run times. Spelled with [ ] where a plain space
# would make this script match itself.
DIARY_PATTERN='\bsessions? [0-9]+|this[ ]session|\bissue #?[0-9]+|slow[ ]phase|this[ ]host|[0-9]{2}:[0-9]{2} UTC'
DIARY_PLACES=(README.md docs Sources Tests tools Benchmarks Mirror)

failed=0
fail() {
    echo "check-docs: $1" >&2
    failed=1
}

# 1. The README's length.
lines=$(wc -l < README.md)
if ((lines > README_MAX_LINES)); then
    fail "README.md:$((README_MAX_LINES + 1)): README.md has $lines lines, more than $README_MAX_LINES"
fi

# 2. Relative links in README.md and docs/*.md.
for doc in README.md docs/*.md; do
    [[ -f "$doc" ]] || continue
    dir=$(dirname "$doc")
    while IFS= read -r hit; do
        line=${hit%%:*}
        target=${hit#*:}
        target=${target#](}
        target=${target%)}
        target=${target%% *}        # a title after the address
        case "$target" in
            http://* | https://* | mailto:* | '#'*) continue ;;
        esac
        path=${target%%#*}
        [[ -n "$path" ]] || continue
        if [[ ! -e "$dir/$path" ]]; then
            fail "$doc:$line: link to $target does not resolve"
        elif [[ "$(realpath -m "$dir/$path")" != "$PWD"/* && "$(realpath -m "$dir/$path")" != "$PWD" ]]; then
            fail "$doc:$line: link to $target leaves the repository"
        fi
    done < <(grep -noE '\]\([^)]+\)' "$doc" || true)
done

# 3. The diary check.
places=()
for place in "${DIARY_PLACES[@]}"; do
    [[ -e "$place" ]] && places+=("$place")
done
while IFS= read -r hit; do
    [[ -n "$hit" ]] && fail "$hit: speaks of sessions, issues, the machine's moods or run times"
done < <(
    find "${places[@]}" -name .build -prune -o -type f -print | sort | while IFS= read -r file; do
        skip=0
        for path in "${DIARY_CHECK_EXCLUDED[@]}"; do
            if [[ "$file" == "$path" || "$file" == "$path"/* ]]; then
                skip=1
                break
            fi
        done
        ((skip)) || grep -nHIE -i "$DIARY_PATTERN" "$file" || true
    done
)

if ((failed)); then
    exit 1
fi
echo "check-docs: ok"
