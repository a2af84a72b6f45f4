#!/usr/bin/env bash
# Runs the tests of every package. Exits non-zero if any package's tests fail; ends with
# the number of tests each package ran and the time its build and tests took.
#
#   Scripts/test.sh [swift test options]
#   Scripts/test.sh --sanitize[=address|=thread] [swift test options]
#       OpenSwiftData's tests again, built with a sanitizer: with both, one after the
#       other, unless one is named: the address sanitizer (-sanitize=address, in
#       .build/asan), then the thread sanitizer (-sanitize=thread, in .build/tsan). CI does
#       not run them (each pass builds OpenSwiftData, GRDB and swift-syntax again, which CI's
#       time cannot hold). Each pass has its own build folder, beside the
#       shared one, kept between runs (OpenSwiftData's own modules are rebuilt at each pass,
#       see below); a sanitizer's report, or a pass whose build or tests run longer than 25
#       minutes, fails the pass. Prints each pass's time. Of the options, -j/--jobs also
#       go to the build.
#
# The sync tests need PostgreSQL: a throw-away server (Scripts/test-postgres.sh: initdb in
# a temporary folder, 127.0.0.1 on a free port) is started first, its URL given to the tests
# as POPCORN_TEST_POSTGRES_URL, and stopped at the end.
set -euo pipefail
source "$(dirname "$0")/packages.sh"
failed=()
summary=()
log=$(mktemp)
postgres_folder=""
# A time limit for each `swift test`, in seconds; none unless set (the sanitizer passes set one).
time_limit=()
cleanup() {
    rm -f "$log"
    if [ -n "$postgres_folder" ]; then "$ROOT/Scripts/test-postgres.sh" stop "$postgres_folder"; fi
}
trap cleanup EXIT

# Runs one package's tests with these extra options, recording its count and failure.
run_tests() {
    local package=$1 label=$2
    shift 2
    echo "==> swift test ($label)"
    local started
    started=$(date +%s)
    forget_build_plan
    # The root package builds the `os` module and uses it.
    [ "$package" = . ] || hide_os_module
    if ! "${time_limit[@]}" swift test --package-path "$ROOT/$package" --scratch-path "$SCRATCH" "${SWIFTPM_OPTIONS[@]}" "$@" \
        2>&1 | tee "$log"; then
        failed+=("$label")
    fi
    restore_os_module
    # A sanitizer report that did not stop the process still fails the pass.
    if grep -Eq '^(==[0-9]+==ERROR: AddressSanitizer|WARNING: ThreadSanitizer|SUMMARY: (Address|Thread)Sanitizer)' "$log"; then
        echo "$label: the sanitizer reported a problem (see above)" >&2
        [[ " ${failed[*]} " == *" $label "* ]] || failed+=("$label")
    fi
    summary+=("$label: $(grep -Eo 'Test run with [0-9]+ tests?' "$log" | tail -n 1 | grep -Eo '[0-9]+' || echo '?') tests, build and run $(($(date +%s) - started)) s")
}

if [[ "${1:-}" == --sanitize* ]]; then
    case $1 in
        --sanitize) sanitizers=(address thread) ;;
        --sanitize=address | --sanitize=thread) sanitizers=("${1#--sanitize=}") ;;
        *)
            echo "unknown option $1 (--sanitize, --sanitize=address or --sanitize=thread)" >&2
            exit 2
            ;;
    esac
    shift
    sanitized=yes
    # LeakSanitizer reports at the end of the process, naming no test, and the address
    # sanitizer's exit status then hides the test results: leaks are checked by tests
    # instead, with weak references. Set ASAN_OPTIONS to choose otherwise.
    export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
    # A test process that crashed under a sanitizer was once seen spinning for 30 minutes
    # in its backtrace: a pass ends after 25 minutes (about 6 in CI) and fails.
    time_limit=(timeout --kill-after=30 1500)
    # The generated sequences (about 20 a second in a plain build) run a smaller budget
    # under the sanitizers, which are several times slower.
    export OSD_SEQUENCES="${OSD_SEQUENCES:-150}"
    # Likewise the injected I/O faults fail every fourth call of an operation, not each one.
    export OSD_FAULT_STRIDE="${OSD_FAULT_STRIDE:-4}"
    # The build's share of the options: how many jobs.
    build_options=()
    options=("$@")
    for ((i = 0; i < ${#options[@]}; i++)); do
        case ${options[i]} in
            -j | --jobs) build_options+=("${options[i]}" "${options[i + 1]:-}") ;;
            -j* | --jobs=*) build_options+=("${options[i]}") ;;
        esac
    done
    shared_scratch=$SCRATCH
    for sanitizer in "${sanitizers[@]}"; do
        started=$(date +%s)
        SCRATCH="$(dirname "$shared_scratch")/${sanitizer:0:1}san"
        # OpenSwiftData's own modules (the library, its test targets, the SwiftData module)
        # are built again at each pass; their dependencies are kept. Incremental builds here
        # have kept test modules compiled against an earlier layout of the library's
        # inlinable storage, which then read garbage: a crash that was no bug of the code.
        for built in "$SCRATCH"/*/debug; do
            [ -d "$built" ] || continue
            rm -rf "$built"/OpenSwiftData*.build "$built"/SwiftData*.build "$built"/PortingTests*.build \
                "$built"/MainActorModelTests*.build
        done
        # Only what OpenSwiftData's tests run: the package's test bundle and the two programs
        # they start (`swift test` would build every target). The bundle holds StoreSync's
        # tests too, which need a PostgreSQL server: they are skipped in these passes.
        forget_build_plan
        for product in OpenSwiftDataPackageTests openswiftdata-migration-fixture openswiftdata-live-query-example; do
            if ! "${time_limit[@]}" swift build --package-path "$ROOT" --scratch-path "$SCRATCH" "${SWIFTPM_OPTIONS[@]}" \
                --sanitize="$sanitizer" --product "$product" "${build_options[@]}"; then
                failed+=("OpenSwiftData, -sanitize=$sanitizer (build)")
                continue 2
            fi
        done
        run_tests . "OpenSwiftData, -sanitize=$sanitizer" --sanitize="$sanitizer" --skip-build \
            --skip 'StoreSyncTests\.' "$@"
        summary+=("  (-sanitize=$sanitizer pass: build and tests $(($(date +%s) - started)) s)")
    done
else
    # fsync off: the server is thrown away, and the tests are about the client's behaviour.
    server=$("$ROOT/Scripts/test-postgres.sh" start --owner-pid $$ -c fsync=off)
    postgres_folder=${server#* }
    export POPCORN_TEST_POSTGRES_URL=${server%% *}
    echo "==> PostgreSQL for the tests on ${POPCORN_TEST_POSTGRES_URL##*@}"
    for package in "${PACKAGES[@]}"; do
        run_tests "$package" "$package" "$@"
    done
fi
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    # What a failure in CI needs besides the tests' output: the shared server's own account
    # of crashes and refused connections, and the disk the server and the builds write to.
    if [ -n "$postgres_folder" ] && [ -f "$postgres_folder/server.log" ]; then
        echo "==> the test server's log: crashes, refusals and failures to write (last 40)"
        grep -E 'PANIC|FATAL|server process|terminating any other|No space|could not (write|extend|create)' \
            "$postgres_folder/server.log" | tail -n 40 || true
    fi
    df -h "${TMPDIR:-/tmp}" "$SCRATCH" || true
    echo "Tests failed in: ${failed[*]}" >&2
    exit 1
fi
if [ -n "${sanitized:-}" ]; then
    echo "All sanitizer passes passed: ${sanitizers[*]}"
else
    echo "All packages passed: ${PACKAGES[*]}"
fi
