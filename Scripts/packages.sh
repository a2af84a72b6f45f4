# The project's Swift packages, in the order the scripts build and test them. Sourced by
# the other scripts.
# The macros' tests come first: they need swift-syntax only, which every later package
# reuses from the shared build folder.
# `.` is the repository's root package: OpenSwiftData and StoreSync, the library others
# depend on, with their tests. It comes after the packages that use only OpenSwiftData and
# just before the other two that need postgres-nio (the app in App/, then the end-to-end
# tests in Tests/, which run the app's `popcorn` as built for App/): SwiftPM drops the
# checkouts a package does not use from the shared build folder, and checked out again they
# are compiled again.
# shellcheck shell=bash
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PACKAGES=()
for candidate in \
    Platform/OpenSwiftData/MacroTests \
    Platform/PopcornTestSupport \
    Platform/DataPersistenceInfrastructure \
    Platform/TMDb \
    Contexts/PopcornMovies \
    Contexts/PopcornTVSeries \
    Contexts/PopcornDiscover \
    Contexts/PopcornSearch \
    . \
    App \
    Tests; do
    if [ -f "$ROOT/$candidate/Package.swift" ]; then
        PACKAGES+=("$candidate")
    fi
done
# One build folder shared by every package: GRDB, swift-syntax and the platform packages
# build once, and each later package reuses what the earlier ones built.
SCRATCH="${POPCORN_SCRATCH_PATH:-$ROOT/.build/shared}"

# Given to every SwiftPM command on the shared build folder: a dependency an earlier package
# fetched is used as fetched, instead of being fetched again from its remote (about 8 seconds
# a command otherwise, even with nothing to build). A dependency not fetched yet still is.
# SwiftPM calls the option deprecated (its warning says so) and offers nothing in its place.
# CI (CI=true) builds without debug information: nobody runs a debugger on that build, and
# writing and linking it costs time (about 6% of compiling postgres-nio and its dependencies,
# more in the links of the test bundle and the snippets). Every build in the shared folder
# passes these, examples included, so that each package reuses what the earlier ones built.
BUILD_OPTIONS=()
if [ "${CI:-}" = true ]; then
    BUILD_OPTIONS=(-Xswiftc -gnone -Xcc -g0)
fi
SWIFTPM_OPTIONS=(--skip-update "${BUILD_OPTIONS[@]}")

# SwiftPM keeps one build plan per build folder and may reuse it for the next package
# without noticing that the root package changed (it then builds and tests the previous
# package again). Called before each package, so that each one is planned for itself.
forget_build_plan() {
    rm -f "$SCRATCH/debug.yaml" "$SCRATCH/release.yaml" \
        "$SCRATCH"/*/debug/description.json "$SCRATCH"/*/release/description.json
}

# The OSLog porting kit's `os` module, which the root package builds, is moved aside in the
# shared build folder (`os.*` to `os.*.hidden`) before each package: packages that test
# `canImport(os)` to detect Apple platforms (swift-argument-parser, which the app uses) would
# otherwise take it for Apple's and fail to compile. `restore_os_module`, after the package,
# puts it back as it was, so that the root package's next build finds it up to date (built
# again, it would link each of the root package's executables again: about 50 seconds).
hide_os_module() {
    local file
    for file in "$SCRATCH"/*/debug/Modules/os.* "$SCRATCH"/*/release/Modules/os.*; do
        [[ -e $file && $file != *.hidden ]] || continue
        mv -f "$file" "$file.hidden"
    done
}

# Puts back what `hide_os_module` moved aside, unless a build made the module again meanwhile
# (the root package's does): the hidden copy is then dropped.
restore_os_module() {
    local file
    for file in "$SCRATCH"/*/debug/Modules/os.*.hidden "$SCRATCH"/*/release/Modules/os.*.hidden; do
        [ -e "$file" ] || continue
        if [ -e "${file%.hidden}" ]; then
            rm -f "$file"
        else
            mv "$file" "${file%.hidden}"
        fi
    done
}
