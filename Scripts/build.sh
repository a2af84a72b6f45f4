#!/usr/bin/env bash
# Builds every package (warnings are errors, Swift 6 language mode).
set -euo pipefail
source "$(dirname "$0")/packages.sh"
for package in "${PACKAGES[@]}"; do
    echo "==> swift build ($package)"
    forget_build_plan
    # The root package builds the `os` module and uses it.
    [ "$package" = . ] || hide_os_module
    swift build --package-path "$ROOT/$package" --scratch-path "$SCRATCH" "${SWIFTPM_OPTIONS[@]}" "$@"
    restore_os_module
done
