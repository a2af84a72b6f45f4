#!/usr/bin/env bash
# Benchmarks OpenSwiftData against the best code a GRDB or SQLite C API user writes and
# prints a table of times, peak memory, ratios and the issue's targets. See
# Platform/OpenSwiftData/BENCHMARKS.md.
#
#   Scripts/bench.sh                  every workload at the sizes of the issue, the scale
#                                     workloads (10,000,000 rows) included; writes the
#                                     table into BENCHMARKS.md
#   Scripts/bench.sh --no-scale       without the scale workloads
#   Scripts/bench.sh --small          smaller sizes (for profiling)
#   Scripts/bench.sh --only insert,lookup
#
# Only a run of every workload at the issue's sizes writes its table into BENCHMARKS.md
# (between the page's markers, under a line naming the commit, the machine and the
# command); a partial run (`--only`, `--no-scale`, `--small`) prints its table and leaves
# the page as it is.
#
# The scale workloads' store is built once (a minute or two) and kept in
# $OPENSWIFTDATA_BENCH_SCALE_FOLDER, by default .build/bench-scale (a few hundred MB).
# The executable is built by Scripts/bench-build.sh, optimized (see there).
set -euo pipefail
cd "$(dirname "$0")/.."
export OPENSWIFTDATA_BENCH_SCALE_FOLDER="${OPENSWIFTDATA_BENCH_SCALE_FOLDER:-$PWD/.build/bench-scale}"
page=Platform/OpenSwiftData/BENCHMARKS.md
# The commit and the machine, named before the build reads the tree: "with local changes"
# when the files the measured code is built from (the manifest, OpenSwiftData's sources,
# the benchmark, the build's flags) differ from the commit.
run=$(Scripts/bench-page.py describe Package.swift Package.resolved Platform/OpenSwiftData/Sources/OpenSwiftData \
    Platform/OpenSwiftData/Sources/OpenSwiftDataMacros Platform/OpenSwiftData/Benchmarks Scripts/bench-build.sh)
executable=$(Scripts/bench-build.sh)
table=$(mktemp)
own=$(mktemp)
trap 'rm -f "$table" "$own"' EXIT
# The CPU time of the whole machine and the run's own (its child processes included), so
# that the page can say how busy other processes kept the cores meanwhile.
busy=$(Scripts/bench-page.py busy)
started=$SECONDS
TIMEFORMAT='%3U %3S'
# The executable writes the table to $OPENSWIFTDATA_BENCH_TABLE only for a run of every
# workload at the issue's sizes.
{ time OPENSWIFTDATA_BENCH_TABLE=$table "$executable" "$@" 2>&3; } 3>&2 2>"$own"
if [ -s "$table" ]; then
    Scripts/bench-page.py write "$page" Scripts/bench.sh "$table" --run "$run" --seconds $((SECONDS - started)) \
        --busy-before "$busy" --own-cpu "$(awk '{ print $1 + $2 }' "$own")" -- Scripts/bench.sh "$@"
    echo "$page: the table of this run, at ${run%%, on *}"
elif [[ " $* " != *" --workload "* && " $* " != *" --prepare "* ]]; then
    echo "$page: left as it is (a partial run)"
fi
