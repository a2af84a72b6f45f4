# The project's Swift packages, in dependency order. Sourced by the other scripts.
# shellcheck shell=bash
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PACKAGES=()
for candidate in \
    Platform/OpenSwiftData \
    Platform/DataPersistenceInfrastructure \
    Platform/TMDb \
    Contexts/PopcornMovies \
    Contexts/PopcornTVSeries \
    Contexts/PopcornDiscover \
    Contexts/PopcornSearch \
    .; do
    if [ -f "$ROOT/$candidate/Package.swift" ]; then
        PACKAGES+=("$candidate")
    fi
done
# One build folder shared by every package, so that GRDB and swift-syntax build once.
SCRATCH="${POPCORN_SCRATCH_PATH:-$ROOT/.build}"
