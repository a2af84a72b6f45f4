#!/usr/bin/env bash
# Benchmarks StoreSync on loopback: a throw-away PostgreSQL server with its default,
# durable settings (Scripts/test-postgres.sh); 100,000 records pushed from one store and
# pulled into another, a sync with nothing to do, the delay of a live change between two
# watching machines, and 10 machines syncing one store at once. Prints each figure, and
# writes the run's table into Platform/StoreSync/BENCHMARKS.md (between its markers), naming
# the commit and the machine.
#
#   Scripts/bench-sync.sh            (STORESYNC_BENCH_RECORDS=N for another count)
#
# The code measured is compiled optimized, with whole-module optimization, as in a release
# build (the toolset of Scripts/bench-build.sh, in its build folder): the macros' compiler
# plugin keeps the debug flags.
set -euo pipefail
POPCORN_SCRATCH_PATH="$(cd "$(dirname "$0")/.." && pwd)/.build/bench-optimized"
source "$(dirname "$0")/packages.sh"
package="$ROOT"
options=(-c debug --package-path "$package" --scratch-path "$SCRATCH"
    --toolset "$ROOT/Platform/OpenSwiftData/Benchmarks/optimized-toolset.json" --disable-index-store)
forget_build_plan
swift build "${options[@]}" --product storesync-benchmark >&2
server=$("$ROOT/Scripts/test-postgres.sh" start --owner-pid $$)
table=$(mktemp)
trap '"$ROOT/Scripts/test-postgres.sh" stop "${server#* }"; rm -f "$table"' EXIT
STORESYNC_BENCH_URL=${server%% *} STORESYNC_BENCH_TABLE=$table \
    "$(swift build "${options[@]}" --show-bin-path)/storesync-benchmark"
# The run's table replaces the one in BENCHMARKS.md, under a line that names the run.
"$ROOT/Scripts/bench-table.sh" bench-sync.sh "$ROOT/Platform/StoreSync/BENCHMARKS.md" "$table" Platform/StoreSync Platform/OpenSwiftData/Sources
