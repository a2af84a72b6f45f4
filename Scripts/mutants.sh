#!/usr/bin/env bash
# Measures OpenSwiftData's tests by the mistakes they catch: applies each plausible mistake of
# Scripts/mutants/mutants.tsv to the engine, one at a time, in a copy of the checkout, builds,
# runs OpenSwiftData's tests (the generated sequences with a budget of MUTANTS_SECONDS), and
# prints `killed K of N`: a mutant is killed when a test fails (or the run crashes or hangs).
# A mutant that does not compile is reported apart and not counted.
#
#   Scripts/mutants.sh                  every mutant (one to five minutes each on 2 cores)
#   Scripts/mutants.sh ID [ID …]        only these
#   Scripts/mutants.sh --list           the mutants and what each gets wrong
#
# Environment: MUTANTS_WORK (default /tmp/openswiftdata-mutants: the copy, its build folder,
# kept between runs, and the logs), MUTANTS_SECONDS (default 30: the generated sequences'
# budget), MUTANTS_TIMEOUT (default 900: seconds before a test run counts as hung).
# Exits 0 when every mutant that compiled was killed, 1 when one survived, 2 when the run
# could not be made (the copy's tests fail unmutated, a mutant's text is not found once).
set -uo pipefail
source "$(dirname "$0")/packages.sh"
HERE="$ROOT/Scripts/mutants"
if [ "${1:-}" = "--list" ]; then
    python3 "$HERE/apply.py" list
    exit 0
fi
WORK=${MUTANTS_WORK:-/tmp/openswiftdata-mutants}
TREE="$WORK/tree"
SCRATCH_PATH="$WORK/build"
LOGS="$WORK/logs"
SOURCES="Platform/OpenSwiftData/Sources/OpenSwiftData"
export OSD_SECONDS=${MUTANTS_SECONDS:-30}
TIMEOUT=${MUTANTS_TIMEOUT:-900}
mkdir -p "$TREE" "$LOGS"

# The checkout as it is (tracked and new files), copied twice: each mutant changes one
# file of the copy that is built, which is put back from the other afterwards (the checkout
# itself may change while the run goes on).
ORIGINAL="$WORK/original"
rm -rf "$TREE" "$ORIGINAL" && mkdir -p "$TREE" "$ORIGINAL" || exit 2
(cd "$ROOT" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) |
    tar -x -C "$TREE" || exit 2
cp -a "$TREE/." "$ORIGINAL/" || exit 2
python3 "$HERE/apply.py" check "$TREE/$SOURCES" || exit 2

# What OpenSwiftData's tests run: the package's test bundle and the two programs they start.
# StoreSync's tests, in the same bundle, are not run (the mutants are OpenSwiftData's).
build() {
    local product
    for product in OpenSwiftDataPackageTests openswiftdata-migration-fixture openswiftdata-live-query-example; do
        swift build --package-path "$TREE" --scratch-path "$SCRATCH_PATH" --product "$product" || return 1
    done
}
# Runs the tests, appending their output to the log $1; with $2 = stop-at-first-failure, the
# run is stopped as soon as one test fails (a mutant needs one failure to be killed, and the
# whole suite takes minutes). Fails when a test failed, the run crashed or it hung.
run_tests() {
    local log=$1 mode=${2:-}
    # Its own process group (setsid), so that stopping it stops the test process it started.
    setsid timeout --kill-after=30 "$TIMEOUT" \
        swift test --package-path "$TREE" --scratch-path "$SCRATCH_PATH" --skip-build --skip 'StoreSyncTests\.' \
        >>"$log" 2>&1 &
    local pid=$!
    if [ "$mode" = stop-at-first-failure ]; then
        while kill -0 "$pid" 2>/dev/null; do
            # Swift Testing's failures, then XCTest's.
            if grep -qE "^✘ Test |^Test Case '.*' failed" "$log"; then
                kill -TERM -- "-$pid" 2>/dev/null
                wait "$pid"
                return 1
            fi
            sleep 1
        done
    fi
    wait "$pid"
}

if [ $# -gt 0 ]; then ids=("$@"); else mapfile -t ids < <(python3 "$HERE/apply.py" list | cut -f1); fi

echo "==> unmutated: build and tests"
if ! build >"$LOGS/unmutated.log" 2>&1 || ! run_tests "$LOGS/unmutated.log"; then
    echo "the unmutated copy does not pass its tests: see $LOGS/unmutated.log" >&2
    exit 2
fi

killed=0
built=0
survivors=()
stillborn=()
for id in "${ids[@]}"; do
    file=$(awk -F '\t' -v id="$id" '$1 == id { print $2 }' "$HERE/mutants.tsv")
    [ -n "$file" ] || { echo "no mutant $id" >&2; exit 2; }
    python3 "$HERE/apply.py" apply "$TREE/$SOURCES" "$id" || exit 2
    started=$(date +%s)
    if ! build >"$LOGS/$id.log" 2>&1; then
        stillborn+=("$id")
        echo "$id: does not compile (see $LOGS/$id.log)"
    else
        built=$((built + 1))
        if run_tests "$LOGS/$id.log" stop-at-first-failure; then
            survivors+=("$id")
            echo "$id: SURVIVED ($(($(date +%s) - started)) s)"
        else
            killed=$((killed + 1))
            failed=$(grep -m1 -E "^✘ Test |^Test Case '.*' failed" "$LOGS/$id.log" |
                sed -E -e 's/^✘ Test "([^"]*)".*/\1/' -e "s/^Test Case '([^']*)' failed.*/\1/")
            echo "$id: killed ($(($(date +%s) - started)) s) by: ${failed:-a crash or a hang}"
        fi
    fi
    cp "$ORIGINAL/$SOURCES/$file" "$TREE/$SOURCES/$file"
done
echo "killed $killed of $built"
[ ${#stillborn[@]} -eq 0 ] || echo "did not compile: ${stillborn[*]}"
[ ${#survivors[@]} -eq 0 ] || { echo "survived: ${survivors[*]}"; exit 1; }
