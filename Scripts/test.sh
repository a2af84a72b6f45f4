#!/usr/bin/env bash
# Runs the tests of every package. Exits non-zero if any package's tests fail; ends with
# the number of tests each package ran.
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
cleanup() {
    rm -f "$log"
    if [ -n "$postgres_folder" ]; then "$ROOT/Scripts/test-postgres.sh" stop "$postgres_folder"; fi
}
trap cleanup EXIT
# fsync off: the server is thrown away, and the tests are about the client's behaviour.
server=$("$ROOT/Scripts/test-postgres.sh" start --owner-pid $$ -c fsync=off)
postgres_folder=${server#* }
export POPCORN_TEST_POSTGRES_URL=${server%% *}
echo "==> PostgreSQL for the tests on ${POPCORN_TEST_POSTGRES_URL##*@}"
for package in "${PACKAGES[@]}"; do
    echo "==> swift test ($package)"
    forget_build_plan
    if ! swift test --package-path "$ROOT/$package" --scratch-path "$SCRATCH" "$@" 2>&1 | tee "$log"; then
        failed+=("$package")
    fi
    summary+=("$package: $(grep -Eo 'Test run with [0-9]+ tests?' "$log" | tail -n 1 | grep -Eo '[0-9]+' || echo '?') tests")
done
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "Tests failed in: ${failed[*]}" >&2
    exit 1
fi
echo "All packages passed: ${PACKAGES[*]}"
