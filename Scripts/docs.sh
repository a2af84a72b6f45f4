#!/usr/bin/env bash
# Builds the documentation of OpenSwiftData, OpenSwiftDataTesting, StoreSync and
# OpenSwiftDataPostgres with the swift-docc plugin (the catalogs OpenSwiftData.docc,
# StoreSync.docc and OpenSwiftDataPostgres.docc), and fails on any DocC warning
# (`--warnings-as-errors`: a link that does not resolve, a malformed topic, …), on a public
# symbol without a documentation comment, which DocC does not warn about, or on a public
# function of those modules or of DataPersistenceInfrastructure whose comment misses a
# parameter or what it throws
# (Scripts/doc-coverage.py). The Swift code the articles show is code a build compiles: the
# snippets of Snippets/ (`@Snippet(path:)`) are built with the root package first, and any
# other Swift block of an article must be a manifest fragment or code of a test, a snippet or
# an example program (Scripts/doc-snippets.py).
#
#   Scripts/docs.sh [swift package options, e.g. -j 1]
#
# The archives go to `docs/` in the build folder (.build/shared/docs by default). The symbol
# graphs the plugin extracted for them (at the public level, so without the symbols marked
# `@_documentation(visibility: internal)`) are then read by Scripts/undocumented-symbols.py,
# which lists each undocumented symbol with its file and line.
set -euo pipefail
source "$(dirname "$0")/packages.sh"
cd "$ROOT"

output="$SCRATCH/docs"
# The plugin writes each target's symbol graphs under extracted-symbols/<package>/<target>;
# graphs of an earlier run are removed so that only this run's are read.
rm -rf "$SCRATCH"/*/extracted-symbols
mkdir -p "$output"
status=0
echo "==> swift build (the root package, its snippets included)"
forget_build_plan
if ! swift build --package-path "$ROOT" --scratch-path "$SCRATCH" "${SWIFTPM_OPTIONS[@]}" "$@"; then
    echo "the root package or one of its snippets (Snippets/) does not build" >&2
    status=1
fi
echo "==> the Swift code of the articles and doc comments: snippets, or code a build compiles"
if ! python3 "$ROOT/Scripts/doc-snippets.py" Platform/OpenSwiftData/Sources/OpenSwiftData/OpenSwiftData.docc \
    Platform/StoreSync/Sources/StoreSync/StoreSync.docc \
    Platform/OpenSwiftDataPostgres/Sources/OpenSwiftDataPostgres/OpenSwiftDataPostgres.docc \
    --sources Platform/OpenSwiftData/Sources --sources Platform/StoreSync/Sources \
    --sources Platform/OpenSwiftDataPostgres/Sources; then
    status=1
fi
# One run of the plugin for the four targets: each run builds the plugin's tools and plans
# the package again (about 20 seconds of a run that has nothing to compile).
targets=(OpenSwiftData OpenSwiftDataTesting StoreSync OpenSwiftDataPostgres)
target_options=()
for target in "${targets[@]}"; do target_options+=(--target "$target"); done
echo "==> swift package generate-documentation (${targets[*]})"
forget_build_plan
# Each target's archive goes to $output/TARGET.doccarchive.
if ! swift package --package-path "$ROOT" --scratch-path "$SCRATCH" "${SWIFTPM_OPTIONS[@]}" "$@" \
    --allow-writing-to-directory "$output" \
    generate-documentation "${target_options[@]}" --warnings-as-errors --output-path "$output"; then
    echo "DocC failed or warned (see above)" >&2
    status=1
fi

echo "==> public symbols without a documentation comment"
if ! python3 "$ROOT/Scripts/undocumented-symbols.py" OpenSwiftData OpenSwiftDataTesting StoreSync OpenSwiftDataPostgres \
    -- "$SCRATCH"/*/extracted-symbols; then
    status=1
fi
echo "==> public functions whose comment misses a parameter or what they throw"
if ! python3 "$ROOT/Scripts/doc-coverage.py" Platform/OpenSwiftData/Sources/OpenSwiftData \
    Platform/OpenSwiftData/Sources/OpenSwiftDataTesting Platform/StoreSync/Sources/StoreSync \
    Platform/OpenSwiftDataPostgres/Sources/OpenSwiftDataPostgres Platform/DataPersistenceInfrastructure/Sources; then
    status=1
fi
if [ "$status" -ne 0 ]; then
    echo "Documentation check failed" >&2
    exit 1
fi
echo "Documentation built in $output: no warning, every public symbol documented"
