#!/usr/bin/env bash
# Builds and runs each package in Examples/ as a package outside this repository would
# use OpenSwiftData: through the repository's URL and a version, never a path.
#
#   Scripts/examples.sh [swift build options]
#
# The examples name the repository's public URL ($REPOSITORY_URL). Here SwiftPM fetches it
# from a clone of the commit checked out (HEAD; changes not committed are not in it), in a
# temporary folder, through a mirror (`swift package config set-mirror`): the examples'
# manifests stay as their authors wrote them. The clone has one tag, the newest version in
# CHANGELOG.md, on that commit, whatever tags the repository itself has: a fresh CI clone
# may have none, and an older version's tag must not stand for this commit. Each example
# is built from the clone too, in the shared build folder (GRDB and swift-syntax are
# reused), then run: its output must be its `expected-output.txt`.
set -euo pipefail
source "$(dirname "$0")/packages.sh"

REPOSITORY_URL=https://github.com/OWNER/OpenSwiftData
version=$(sed -nE 's/^## \[([0-9]+\.[0-9]+\.[0-9]+)\].*/\1/p' "$ROOT/CHANGELOG.md" | head -n 1)
if [ -z "$version" ]; then
    echo "CHANGELOG.md names no released version (a heading such as '## [1.2.3]')" >&2
    exit 1
fi

work=$(mktemp -d)
postgres_folder=""
cleanup() {
    if [ -n "$postgres_folder" ]; then "$ROOT/Scripts/test-postgres.sh" stop "$postgres_folder"; fi
    rm -rf "$work"
}
trap cleanup EXIT
# The examples that sync (SyncedNotes) sync through a throw-away server of their own.
server=$("$ROOT/Scripts/test-postgres.sh" start --owner-pid $$)
postgres_folder=${server#* }
export SYNCED_NOTES_URL="${server%% *}"
# TripServer keeps its models there too, in a PostgreSQL schema of its own.
export TRIP_SERVER_URL="${server%% *}"
# The folder's name is the package's identity in a URL, as in $REPOSITORY_URL.
clone="$work/OpenSwiftData"
git init --quiet "$clone"
git -C "$clone" fetch --quiet --no-tags "$ROOT" HEAD
git -C "$clone" checkout --quiet --detach FETCH_HEAD
# A lightweight tag: SwiftPM reads those too, and it needs no committer identity.
git -C "$clone" tag "$version"
echo "==> $REPOSITORY_URL at $version: a clone of $(git -C "$clone" rev-parse --short HEAD) in $clone"

status=0
for manifest in "$clone"/Examples/*/Package.swift; do
    example=$(dirname "$manifest")
    name=${example#"$clone/"}
    if ! grep -qF ".package(url: \"$REPOSITORY_URL\"" "$manifest"; then
        echo "$name does not depend on $REPOSITORY_URL" >&2
        status=1
        continue
    fi
    echo "==> swift build ($name)"
    started=$(date +%s)
    swift package --package-path "$example" config set-mirror \
        --original "$REPOSITORY_URL" --mirror "file://$clone"
    forget_build_plan
    hide_os_module
    swift build --package-path "$example" --scratch-path "$SCRATCH" "${BUILD_OPTIONS[@]}" "$@"
    echo "==> $name built in $(($(date +%s) - started)) s; running it"
    output="$work/output.txt"
    swift run --package-path "$example" --scratch-path "$SCRATCH" --skip-build "${BUILD_OPTIONS[@]}" "$@" >"$output"
    restore_os_module
    if diff -u "$example/expected-output.txt" "$output"; then
        echo "==> $name printed what $name/expected-output.txt says"
    else
        echo "$name: the output differs from $name/expected-output.txt (above)" >&2
        status=1
    fi
done
exit $status
