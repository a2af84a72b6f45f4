#!/usr/bin/env bash
# Runs the tests of every package. Exits non-zero if any package's tests fail.
set -euo pipefail
source "$(dirname "$0")/packages.sh"
failed=()
for package in "${PACKAGES[@]}"; do
    echo "==> swift test ($package)"
    if ! swift test --package-path "$ROOT/$package" --scratch-path "$SCRATCH" "$@"; then
        failed+=("$package")
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "Tests failed in: ${failed[*]}" >&2
    exit 1
fi
echo "All packages passed: ${PACKAGES[*]}"
