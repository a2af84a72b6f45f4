#!/usr/bin/env bash
# Runs the tests of every package. Exits non-zero if any package's tests fail; ends with
# the number of tests each package ran.
set -euo pipefail
source "$(dirname "$0")/packages.sh"
failed=()
summary=()
log=$(mktemp)
trap 'rm -f "$log"' EXIT
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
