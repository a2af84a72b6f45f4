#!/usr/bin/env bash
# Benchmarks StoreSync on loopback: a throw-away PostgreSQL server with its default,
# durable settings (Scripts/test-postgres.sh), 10,000 records pushed from one store and
# pulled into another, and the time of a sync with nothing to do. Results: the BENCHMARKS
# section of Platform/StoreSync/README.md.
#
#   Scripts/bench-sync.sh            (STORESYNC_BENCH_RECORDS=N for another count)
set -euo pipefail
source "$(dirname "$0")/packages.sh"
package="$ROOT/Platform/StoreSync"
forget_build_plan
swift build --package-path "$package" --scratch-path "$SCRATCH" --product storesync-benchmark
server=$("$ROOT/Scripts/test-postgres.sh" start --owner-pid $$)
trap '"$ROOT/Scripts/test-postgres.sh" stop "${server#* }"' EXIT
STORESYNC_BENCH_URL=${server%% *} "$(swift build --package-path "$package" --scratch-path "$SCRATCH" --show-bin-path)/storesync-benchmark"
