#!/usr/bin/env bash
# Benchmarks OpenSwiftData against raw GRDB and the SQLite C API (release build) and
# prints a table of times, peak memory and ratios. See Platform/OpenSwiftData/BENCHMARKS.md.
#
#   Scripts/bench.sh                  every workload at the sizes of the issue
#   Scripts/bench.sh --small          smaller sizes (for profiling)
#   Scripts/bench.sh --only insert,lookup
set -euo pipefail
cd "$(dirname "$0")/.."
exec swift run -c release --package-path Platform/OpenSwiftData/Benchmarks --scratch-path .build/bench \
    openswiftdata-benchmarks "$@"
