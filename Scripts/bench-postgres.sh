#!/usr/bin/env bash
# Benchmarks the PostgreSQL store (OpenSwiftDataPostgres) on loopback, against the best
# hand-written postgres-nio code for the same work in the same run: a throw-away PostgreSQL
# server with its default, durable settings (Scripts/test-postgres.sh); 10,000 trips with
# two stops each inserted in one save, every trip fetched, 1,000 lookups by unique code, the
# stops of 1,000 trips read through the relationship. Prints each figure, and writes the
# run's table into Platform/OpenSwiftDataPostgres/BENCHMARKS.md (between its markers),
# naming the commit and the machine.
#
#   Scripts/bench-postgres.sh            (POSTGRES_BENCH_TRIPS=N for another count)
#
# The code measured is compiled optimized, with whole-module optimization, as in a release
# build (the toolset of Scripts/bench-build.sh, in its build folder).
set -euo pipefail
POPCORN_SCRATCH_PATH="$(cd "$(dirname "$0")/.." && pwd)/.build/bench-optimized"
source "$(dirname "$0")/packages.sh"
options=(-c debug --package-path "$ROOT" --scratch-path "$SCRATCH"
    --toolset "$ROOT/Platform/OpenSwiftData/Benchmarks/optimized-toolset.json" --disable-index-store)
forget_build_plan
swift build "${options[@]}" --product openswiftdata-postgres-benchmark >&2
server=$("$ROOT/Scripts/test-postgres.sh" start --owner-pid $$)
table=$(mktemp)
trap '"$ROOT/Scripts/test-postgres.sh" stop "${server#* }"; rm -f "$table"' EXIT
POSTGRES_BENCH_URL=${server%% *} POSTGRES_BENCH_TABLE=$table \
    "$(swift build "${options[@]}" --show-bin-path)/openswiftdata-postgres-benchmark"
"$ROOT/Scripts/bench-table.sh" bench-postgres.sh "$ROOT/Platform/OpenSwiftDataPostgres/BENCHMARKS.md" "$table" Platform/OpenSwiftDataPostgres Platform/OpenSwiftData/Sources
