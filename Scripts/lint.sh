#!/usr/bin/env bash
# Fails when a Swift file is not formatted as Scripts/format.sh would format it.
set -euo pipefail
source "$(dirname "$0")/packages.sh"
cd "$ROOT"
git ls-files -z --cached --others --exclude-standard -- '*.swift' | xargs -0 -r swift format lint --strict --configuration .swift-format
