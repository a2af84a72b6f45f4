#!/usr/bin/env bash
# Benchmarks OpenSwiftData against the best code a GRDB or SQLite C API user writes and
# prints a table of times, peak memory, ratios and the issue's targets. See
# Platform/OpenSwiftData/BENCHMARKS.md.
#
#   Scripts/bench.sh                  every workload at the sizes of the issue, the scale
#                                     workloads (10,000,000 rows) included
#   Scripts/bench.sh --no-scale       without the scale workloads
#   Scripts/bench.sh --small          smaller sizes (for profiling)
#   Scripts/bench.sh --only insert,lookup
#
# The scale workloads' store is built once (a minute or two) and kept in
# $OPENSWIFTDATA_BENCH_SCALE_FOLDER, by default .build/bench-scale (384 MB).
# The executable is built by Scripts/bench-build.sh, optimized (see there).
set -euo pipefail
cd "$(dirname "$0")/.."
export OPENSWIFTDATA_BENCH_SCALE_FOLDER="${OPENSWIFTDATA_BENCH_SCALE_FOLDER:-$PWD/.build/bench-scale}"
executable=$(Scripts/bench-build.sh)
exec "$executable" "$@"
