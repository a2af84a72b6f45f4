#!/usr/bin/env bash
# Builds the benchmark executable of OpenSwiftData (Platform/OpenSwiftData/Benchmarks) in
# .build/bench-optimized and prints its path on stdout (the build's output goes to stderr).
# Used by Scripts/bench.sh and Scripts/callgrind.sh.
#
# The code measured (OpenSwiftData, GRDB, the benchmark) is compiled optimized, with
# whole-module optimization, as in a release build; the macros' compiler plugin is not.
# SwiftPM builds a macro plugin in the build's own configuration, and a release build of
# swift-syntax, which the plugin needs, takes most of ten minutes on a 2-core machine. So
# this is a debug build whose toolset (Benchmarks/optimized-toolset.json) passes
# `-O -wmo` to the code built for the target only: the plugin, built for the host,
# keeps the debug flags.
set -euo pipefail
cd "$(dirname "$0")/.."
POPCORN_SCRATCH_PATH="$PWD/.build/bench-optimized"
# shellcheck source=Scripts/packages.sh
source Scripts/packages.sh
package=Platform/OpenSwiftData/Benchmarks
options=(-c debug --package-path "$package" --scratch-path "$SCRATCH"
    --toolset "$package/optimized-toolset.json" --disable-index-store)
# A build folder planned before source files were added does not always see them: plan
# again (a few seconds), as Scripts/test.sh does.
forget_build_plan
swift build "${options[@]}" --product openswiftdata-benchmarks >&2
echo "$(swift build "${options[@]}" --show-bin-path)/openswiftdata-benchmarks"
