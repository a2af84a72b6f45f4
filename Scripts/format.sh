#!/usr/bin/env bash
# Formats every Swift file of the project in place with the toolchain's swift-format.
set -euo pipefail
source "$(dirname "$0")/packages.sh"
cd "$ROOT"
git ls-files -z --cached --others --exclude-standard -- '*.swift' | xargs -0 -r swift format --in-place --configuration .swift-format
