#!/usr/bin/env bash
# Counts the instructions (valgrind's callgrind) that fetch all and the point lookups run,
# for OpenSwiftData and for each implementation it is compared with, so that a change can
# be judged by instruction counts, which a shared machine does not disturb as it does times.
# See Platform/OpenSwiftData/BENCHMARKS.md, "Instruction counts".
#
#   Scripts/callgrind.sh            the benchmark's sizes (100,000 rows; 10,000 lookups)
#   Scripts/callgrind.sh --small    smaller sizes
#   CALLGRIND_KEEP=FOLDER Scripts/callgrind.sh    also keeps the callgrind.out files there
#
# Only the timed code is counted (callgrind collects inside `Clock.time`, the function the
# benchmark times with): three fetches of every row, or three passes of every lookup
# (the 100 warm-up lookups and opening the store are left out). Counts are printed per
# pass and per row or lookup.
set -euo pipefail
cd "$(dirname "$0")/.."
size=()
if [ "${1:-}" = "--small" ]; then size=(--small); fi
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
executable=$(Scripts/bench-build.sh)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind refuses the debug information of these binaries: profile a copy without it.
objcopy --strip-debug "$executable" "$work/openswiftdata-benchmarks"
bench="$work/openswiftdata-benchmarks"
"$bench" --prepare "$work/stores" --only fetch-all,lookup "${size[@]}" >/dev/null
if [ ${#size[@]} -eq 0 ]; then rows=100000 lookups=10000; else rows=10000 lookups=1000; fi
passes=3
[ ${#size[@]} -eq 0 ] || passes=1

printf '| workload | implementation | Ir, all %s timed passes | Ir per pass | Ir per row or lookup |\n' "$passes"
printf '|---|---|---|---|---|\n'
for entry in fetch-all:osd fetch-all:grdb fetch-all:c fetch-all:grdb-records \
    fetch-all:grdb-objects fetch-all:grdb-objects-by-key fetch-all:grdb-buffer-objects \
    lookup:osd lookup:grdb lookup:c lookup:grdb-read-per-lookup lookup:c-read-per-lookup; do
    workload=${entry%%:*}
    implementation=${entry#*:}
    out="$work/callgrind.$workload.$implementation.out"
    if ! valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no \
        --toggle-collect='*5ClockO4time*' \
        "$bench" --workload "$workload" "$implementation" "$work/stores" "${size[@]}" >"$work/log" 2>&1; then
        cat "$work/log" >&2
        exit 1
    fi
    total=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p; s/^totals: *\([0-9]*\).*/\1/p' "$out" | head -n 1)
    if [ "$workload" = fetch-all ]; then count=$rows; else count=$lookups; fi
    awk -v w="$workload" -v i="$implementation" -v t="$total" -v p="$passes" -v n="$count" 'BEGIN {
        printf "| %s | %s | %.3f G | %.1f M | %.0f |\n", w, i, t / 1e9, t / p / 1e6, t / p / n }'
    if [ -n "${CALLGRIND_KEEP:-}" ]; then mkdir -p "$CALLGRIND_KEEP" && cp "$out" "$CALLGRIND_KEEP/"; fi
done
