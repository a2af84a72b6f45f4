#!/usr/bin/env bash
# Runs OpenSwiftData's generated operation sequences (ModelBased/ in its tests) for as long
# as asked, from a new run seed each time, then 40 sequences a minute on the main context
# (each way: autosaving and not), then its injected I/O faults at every call and
# 50 kill -9 points per operation, and prints what they did: sequences, operations,
# saves, checks, faults, kills. A difference fails the run and prints the seed of its
# sequence (replay it with OSD_SEED=<seed>) and the sequence shrunk.
#
#   Scripts/soak.sh --minutes N        (OSD_RUN_SEED=<seed> to repeat a run's sequences)
set -euo pipefail
source "$(dirname "$0")/packages.sh"
minutes=10
while [ $# -gt 0 ]; do
    case "$1" in
        --minutes) minutes=$2; shift 2 ;;
        *) echo "usage: Scripts/soak.sh [--minutes N]" >&2; exit 64 ;;
    esac
done
# The repository's root package, whose tests are OpenSwiftData's.
package="$ROOT"
forget_build_plan
swift build --package-path "$package" --scratch-path "$SCRATCH" --build-tests
run_seed=${OSD_RUN_SEED:-$(od -An -N6 -tu8 /dev/urandom | tr -d ' ')}
echo "==> run seed $run_seed, $minutes minutes (OSD_RUN_SEED=$run_seed repeats it)"
OSD_RUN_SEED=$run_seed OSD_SEQUENCES=100000000 OSD_SECONDS=$((minutes * 60)) \
    swift test --package-path "$package" --scratch-path "$SCRATCH" --skip-build \
    --filter 'GeneratedSequenceTests' 2>&1 | grep -v ' notice OpenSwiftData: '
echo "==> on the main context, merging and autosaving: $((minutes * 40)) sequences each"
OSD_RUN_SEED=$run_seed OSD_MAIN_SEQUENCES=$((minutes * 40)) \
    swift test --package-path "$package" --scratch-path "$SCRATCH" --skip-build \
    --filter 'MainContextSequenceTests' 2>&1 | grep -E 'generated sequences|OSD_SEED|Test run|error|failed'
echo "==> injected I/O faults at every call, and kill -9 at 50 points per operation"
OSD_FAULT_STRIDE=1 OSD_KILL_TRIALS=50 OSD_KILL_SEED=$run_seed \
    swift test --package-path "$package" --scratch-path "$SCRATCH" --skip-build \
    --filter 'IOFaultTests|KillPointTests' 2>&1 | grep -E 'runs,|kill points:|Test run|error|failed' 
