#!/usr/bin/env bash
# Counts the instructions (valgrind's callgrind) that inserting, fetching all, the point
# lookups and the relationship walk run, for OpenSwiftData and for each implementation it is
# compared with, so that a change can be judged by instruction counts, which a shared
# machine does not disturb as it does times.
# See Platform/OpenSwiftData/BENCHMARKS.md, "Instruction counts".
#
#   Scripts/callgrind.sh            the benchmark's sizes (100,000 rows; 10,000 lookups);
#                                   writes the table into BENCHMARKS.md
#   Scripts/callgrind.sh --small    smaller sizes (prints the table only)
#   CALLGRIND_KEEP=FOLDER Scripts/callgrind.sh    also keeps the callgrind.out files there
#
# Only the timed code is counted: callgrind zeroes its counts on entering
# `Clock.startTiming` and dumps them on entering `Clock.stopTiming`, the two calls around
# every timed pass, and the dumps are added up (the three inserts into new stores, three
# fetches of every row, three passes of every lookup or of the walk; the 100 warm-up
# lookups and opening the stores are left out). Counts are printed per pass and per row,
# lookup or model; at the benchmark's sizes, the table is also written into BENCHMARKS.md
# (between the page's markers for this script, under a line naming the commit, the machine
# and the command).
set -euo pipefail
cd "$(dirname "$0")/.."
size=()
if [ "${1:-}" = "--small" ]; then size=(--small); fi
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
# The commit and the machine, named before the build reads the tree (see Scripts/bench.sh).
run=$(Scripts/bench-page.py describe Package.swift Package.resolved Platform/OpenSwiftData/Sources/OpenSwiftData \
    Platform/OpenSwiftData/Sources/OpenSwiftDataMacros Platform/OpenSwiftData/Benchmarks Scripts/bench-build.sh Scripts/callgrind.sh)
executable=$(Scripts/bench-build.sh)
started=$SECONDS
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind refuses the debug information of these binaries: profile a copy without it.
objcopy --strip-debug "$executable" "$work/openswiftdata-benchmarks"
bench="$work/openswiftdata-benchmarks"
"$bench" --prepare "$work/stores" --only insert,fetch-all,lookup,relationship "${size[@]}" >/dev/null
if [ ${#size[@]} -eq 0 ]; then rows=100000 lookups=10000 parents=10000; else rows=10000 lookups=1000 parents=1000; fi
passes=3
[ ${#size[@]} -eq 0 ] || passes=1

table="$work/table.md"
printf '| workload | implementation | Ir, all %s timed passes | Ir per pass | Ir per row, lookup or model |\n' "$passes" |
    tee "$table"
printf '|---|---|---|---|---|\n' | tee -a "$table"
for entry in insert:osd insert:grdb insert:c \
    fetch-all:osd fetch-all:grdb fetch-all:c fetch-all:grdb-records \
    fetch-all:grdb-objects fetch-all:grdb-objects-by-key fetch-all:grdb-buffer-objects fetch-all:grdb-tracked-objects \
    lookup:osd lookup:grdb lookup:c lookup:grdb-read-per-lookup lookup:c-read-per-lookup \
    relationship:osd relationship:grdb relationship:c; do
    workload=${entry%%:*}
    implementation=${entry#*:}
    out="$work/callgrind.$workload.$implementation.out"
    if ! valgrind --tool=callgrind --callgrind-out-file="$out" --compress-strings=no \
        --zero-before='*5ClockO11startTiming*' --dump-before='*5ClockO10stopTiming*' \
        "$bench" --workload "$workload" "$implementation" "$work/stores" "${size[@]}" >"$work/log" 2>&1; then
        cat "$work/log" >&2
        exit 1
    fi
    # One dump per timed pass ("$out.1", "$out.2", …), each holding what ran since the pass
    # began; "$out" itself holds what ran after the last pass.
    total=$(cat "$out".[0-9]* | sed -n 's/^summary: *\([0-9]*\).*/\1/p' | awk '{ t += $1 } END { print t + 0 }')
    dumps=$(ls "$out".[0-9]* | wc -l)
    if [ "$dumps" -ne "$passes" ]; then
        echo "$workload $implementation: $dumps timed passes counted, $passes expected" >&2
        exit 1
    fi
    case $workload in
    insert | fetch-all) count=$rows ;;
    lookup) count=$lookups ;;
    relationship) count=$((parents * 11)) ;;
    esac
    awk -v w="$workload" -v i="$implementation" -v t="$total" -v p="$passes" -v n="$count" 'BEGIN {
        printf "| %s | %s | %.3f G | %.1f M | %.0f |\n", w, i, t / 1e9, t / p / 1e6, t / p / n }' | tee -a "$table"
    if [ -n "${CALLGRIND_KEEP:-}" ]; then mkdir -p "$CALLGRIND_KEEP" && cp "$out"* "$CALLGRIND_KEEP/"; fi
done
if [ ${#size[@]} -eq 0 ]; then
    page=Platform/OpenSwiftData/BENCHMARKS.md
    Scripts/bench-page.py write "$page" Scripts/callgrind.sh "$table" --run "$run" --seconds $((SECONDS - started)) \
        -- Scripts/callgrind.sh
    echo "$page: the instruction counts of this run, at ${run%%, on *}"
fi
