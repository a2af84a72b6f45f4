#!/usr/bin/env bash
# Builds the documentation of OpenSwiftData, OpenSwiftDataTesting, StoreSync and
# OpenSwiftDataPostgres with DocC (the catalogs OpenSwiftData.docc, StoreSync.docc and
# OpenSwiftDataPostgres.docc), and fails on any DocC warning (`--warnings-as-errors`: a link
# that does not resolve, a malformed topic, …), on a public symbol without a documentation
# comment, which DocC does not warn about, or on a public function of those modules or of
# DataPersistenceInfrastructure whose comment misses a parameter or what it throws
# (Scripts/doc-coverage.py). The Swift code the articles show is code a build compiles: the
# snippets of Snippets/ (`@Snippet(path:)`) are built with the root package first, and any
# other Swift block of an article must be a manifest fragment or code of a test, a snippet or
# an example program (Scripts/doc-snippets.py).
#
#   Scripts/docs.sh [swift build options, e.g. -j 1]
#
# DocC reads the symbol graphs Scripts/symbol-graphs.py extracts from that build, at the
# public level (so without the symbols marked `@_documentation(visibility: internal)`), with
# the snippets' graph; Scripts/undocumented-symbols.py then reads the same graphs and lists
# each undocumented symbol with its file and line. `swift package generate-documentation`
# (the swift-docc-plugin, which the root package names for people who preview the
# documentation) gives the same archives, but plans and builds each module again first.
# The archives go to `docs/` in the build folder (.build/shared/docs by default), the symbol
# graphs to `symbol-graphs/` beside them.
set -euo pipefail
source "$(dirname "$0")/packages.sh"
cd "$ROOT"

output="$SCRATCH/docs"
graphs="$SCRATCH/symbol-graphs"
# Graphs of an earlier run are removed so that only this run's are read.
rm -rf "$graphs"
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
targets=(OpenSwiftData OpenSwiftDataTesting StoreSync OpenSwiftDataPostgres)
echo "==> DocC (${targets[*]})"
if python3 "$ROOT/Scripts/symbol-graphs.py" "$SCRATCH" "$graphs" "${targets[@]}"; then
    for target in "${targets[@]}"; do
        # Each target's archive goes to $output/TARGET.doccarchive, with the arguments the
        # plugin gives DocC. OpenSwiftDataTesting has no catalog: its comments are its pages.
        catalog=()
        for folder in Platform/*/Sources/"$target"/"$target".docc; do
            if [ -d "$folder" ]; then catalog=("$folder"); fi
        done
        if ! docc convert "${catalog[@]}" --emit-lmdb-index --fallback-display-name "$target" \
            --fallback-bundle-identifier "$target" --additional-symbol-graph-dir "$graphs/$target" \
            --output-path "$output/$target.doccarchive" --warnings-as-errors; then
            echo "DocC failed or warned for $target (see above)" >&2
            status=1
        fi
    done
else
    echo "the symbol graphs could not be extracted (see above)" >&2
    status=1
fi

echo "==> public symbols without a documentation comment"
if ! python3 "$ROOT/Scripts/undocumented-symbols.py" "${targets[@]}" -- "$graphs"; then
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
