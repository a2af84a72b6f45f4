#!/usr/bin/env bash
# Runs public SwiftData apps' own, unchanged test suites against this checkout's OpenSwiftData.
# Not part of CI; needs no network: each app's repository must have been fetched beforehand.
#
#   Scripts/conformance.sh [PROJECT...]
#       PROJECT: the name of a recipe in Scripts/conformance/ (popcorn, ...), default all of them.
#       `Scripts/conformance.sh --list` prints the recipes and the repositories each one needs
#       (the project's, then those of the third-party packages it depends on).
#
# Environment:
#   CONFORMANCE_ROOT    the OpenSwiftData checkout to test; default the one this script is in.
#                       (To test the last commit while the work tree is being edited:
#                       `git archive HEAD | tar -x -C /tmp/osd` and CONFORMANCE_ROOT=/tmp/osd.)
#   CONFORMANCE_MIRROR  where fetched repositories live, as OWNER+NAME/repo (a git directory
#                       without a work tree); default /work/.mirror.
#   CONFORMANCE_WORK    the throw-away packages and their logs; default
#                       /tmp/openswiftdata-conformance.
#   CONFORMANCE_SCRATCH the build folder, one for every project (they are built one after the
#                       other, so swift-syntax and GRDB are compiled once); default
#                       $CONFORMANCE_WORK/build, kept between runs.
#   CONFORMANCE_JOBS    build jobs (default 1); builds run under `nice -n 10`.
#
# For each project the script extracts the repository's files at HEAD into a temporary SwiftPM
# package (byte for byte; `import SwiftData` kept) that depends on this checkout's root package
# by path (products SwiftData and OSLog), built with no extra flag. Shims exist only for
# Apple frameworks Linux lacks (Scripts/conformance/shims). The recipe names the project's
# modules, as the project's own manifests declare them, compiled from its own files; a
# third-party package a module depends on is its own fetched repository, built by its own
# manifest (never a stub).
#
# A test file that does not compile is left out and its tests are counted "not compiled" (the
# compiler's errors are kept in the project's log); a production file that does not compile
# leaves out its module and every target that depends on it. Tests are run with
# `swift test --skip-build` (an Info.plist beside the test executables gives their main bundle
# the identifier Apple's xctest tool has, com.apple.dt.xctest.tool; TMPDIR is a folder of the
# project's, emptied before the run); when the process crashes, the suites whose results it hid
# run again one at a time, and a suite that crashes again one test at a time: a test that
# crashes counts as failed, and so does every test a crash kept from reporting.
#
# Prints one line per project, `PROJECT: P passed, F failed, N not compiled`, then a total.
# Failures are findings: the script exits 0 when it ran, 2 when it could not (a repository not
# fetched, a recipe unknown, the root package not resolving).
set -uo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)/conformance
ROOT=$(cd "${CONFORMANCE_ROOT:-$HERE/../..}" && pwd) || exit 2
MIRROR=${CONFORMANCE_MIRROR:-/work/.mirror}
WORK=${CONFORMANCE_WORK:-/tmp/openswiftdata-conformance}
JOBS=${CONFORMANCE_JOBS:-1}
SCRATCH=${CONFORMANCE_SCRATCH:-$WORK/build}
ROOT_ID=$(basename "$ROOT" | tr '[:upper:]' '[:lower:]')

die() {
    echo "conformance: $*" >&2
    exit 2
}

recipes() { for f in "$HERE"/*.sh; do basename "$f" .sh; done; }

repo_of() { (source "$HERE/$1.sh" && echo "$REPO"); }
# The fetched repositories a recipe's PACKAGES names (github:OWNER/NAME), as OWNER/NAME.
deps_of() { (PACKAGES="" && source "$HERE/$1.sh" && grep -oE '^github:[^|[:space:]]+' <<<"$PACKAGES" | sed 's/^github://'); }

if [ "${1:-}" = "--list" ]; then
    for p in $(recipes); do echo "$p github:$(repo_of "$p")$(deps_of "$p" | sed 's/^/ github:/' | tr -d '\n')"; done
    exit 0
fi

projects=("$@")
[ ${#projects[@]} -gt 0 ] || mapfile -t projects < <(recipes)

# Every project is checked before any is built: a missing repository stops the run.
missing=()
for p in "${projects[@]}"; do
    [ -f "$HERE/$p.sh" ] || die "no recipe $HERE/$p.sh (known: $(recipes | tr '\n' ' '))"
    r=$(repo_of "$p")
    for r in "$r" $(deps_of "$p"); do
        git -C "$MIRROR/${r/\//+}/repo" rev-parse -q --verify HEAD >/dev/null 2>&1 ||
            missing+=("$p needs github:$r in $MIRROR/${r/\//+}/repo (use the fetch tool with source github:$r)")
    done
done
if [ ${#missing[@]} -gt 0 ]; then
    printf 'conformance: not fetched: %s\n' "${missing[@]}" >&2
    exit 2
fi
mkdir -p "$WORK" || die "cannot create $WORK"

# Counts the tests a Swift file declares: Swift Testing's @Test and XCTest's test methods.
count_tests() {
    local n
    n=$(grep -cE '^[[:space:]]*@Test\b|^[[:space:]]*(@MainActor[[:space:]]+)?(override[[:space:]]+)?func test[A-Za-z0-9_]*[[:space:]]*\(' "$1" 2>/dev/null)
    echo "${n:-0}"
}

# ---------------------------------------------------------------------------------------------
# The recipe's vocabulary. A recipe's `recipe` function calls these; paths are the repository's.
#   lib NAME PATH [DEP...]    a module of the project's own files
#   test NAME PATH [DEP...]   a test target of the project's own files
# DEP is another of the recipe's targets, or PRODUCT@PACKAGE for a package the recipe lists in
# PACKAGES, one a line: `URL|VERSION-REQUIREMENT` for one in SwiftPM's cache (offline), or
# `github:OWNER/NAME` for a fetched repository (in CONFORMANCE_MIRROR, like the project's own),
# extracted at its HEAD and built by its own, unchanged manifest as the local package NAME (a
# project's third-party dependency, never a stub of one). Every target also gets SwiftData, OSLog
# and the shims (not `os`: no project's file imports it, and a dependency that tests
# `canImport(os)` to detect Apple platforms would take it for Apple's). A recipe may set, before
# calling lib/test:
#   EXCLUDE="file ..."         files of the next target left out (paths relative to its PATH)
#   SOURCES="file ..."         the only files or folders of the next target (relative to PATH)
#   RESOURCES="folder ..."     the next target's resources, processed (`.process`), as its manifest
#                              declares them (Bundle.module)
#   SETTINGS="..."             Swift settings of the next targets (e.g. .swiftLanguageMode(.v5))
# and, outside `recipe`: DEFAULT_LOCALIZATION (the manifest's defaultLocalization, for
# resources), REPO, EXTRACT (the folders to extract, default all), SHIMS (modules of
# Scripts/conformance/shims/ for Apple frameworks Linux lacks: CoreData, SwiftUI; default
# FoundationGaps, Foundation API Linux lacks, imported implicitly; a recipe adds to it), PACKAGES,
# LEFT_OUT ("path|reason" per line: test files not compiled whatever OpenSwiftData does, e.g.
# SwiftUI tests; they are left out of their target and their tests counted "not compiled").
# ---------------------------------------------------------------------------------------------
lib() { target_line target "$@"; }
test() { target_line testTarget "$@"; }
target_line() {
    local kind=$1 name=$2 path=$3
    shift 3
    printf '%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\n' "$kind" "$name" "$path" "$*" "${EXCLUDE:-}" "${SETTINGS:-}" "${SOURCES:-}" "${RESOURCES:-}" >>"$PKG/targets.tsv"
    EXCLUDE="" SOURCES="" RESOURCES=""
}

# Writes Package.swift from targets.tsv, leaving out the files in excluded.tsv and the targets
# in dropped.txt (and, until none is left, the targets that depend on a dropped one).
write_manifest() {
    local changed=1 kind name path deps ex settings d
    while [ $changed = 1 ]; do
        changed=0
        while IFS=$'\x1f' read -r kind name path deps ex settings sources resources; do
            grep -qxF "$name" "$PKG/dropped.txt" && continue
            for d in $deps; do
                if grep -qxF "$d" "$PKG/dropped.txt"; then
                    echo "$name" >>"$PKG/dropped.txt"
                    echo "$name	left out: it depends on $d, which did not compile" >>"$PKG/drop-reasons.tsv"
                    changed=1
                    break
                fi
            done
        done <"$PKG/targets.tsv"
    done
    # FoundationGaps (Apple Foundation API that Linux's Foundation lacks) is imported into every
    # project file implicitly, as Foundation's own API would be.
    local IMPLICIT=""
    [[ " $SHIMS " == *" FoundationGaps "* ]] &&
        IMPLICIT='.unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "FoundationGaps"])'
    {
        echo '// swift-tools-version: 6.2'
        echo '// Generated by Scripts/conformance.sh; thrown away after the run.'
        echo 'import PackageDescription'
        echo 'let common: [Target.Dependency] = ['
        echo "    .product(name: \"SwiftData\", package: \"$ROOT_ID\"),"
        echo "    .product(name: \"OSLog\", package: \"$ROOT_ID\"),"
        for s in $SHIMS; do echo "    \"$s\","; done
        echo ']'
        echo 'let package = Package('
        echo "    name: \"Conformance_$PROJECT\","
        [ -z "${DEFAULT_LOCALIZATION:-}" ] || echo "    defaultLocalization: \"$DEFAULT_LOCALIZATION\","
        echo '    platforms: [.macOS(.v15)],'
        echo '    dependencies: ['
        echo "        .package(path: \"$ROOT\"),"
        local line url req
        while IFS= read -r line; do
            [ -n "$line" ] || continue
            if [[ "$line" == github:* ]]; then
                echo "        .package(path: \"deps/${line##*/}\"),"
                continue
            fi
            url=${line%%|*} req=${line#*|}
            echo "        .package(url: \"$url\", $req),"
        done <<<"${PACKAGES:-}"
        echo '    ],'
        echo '    targets: ['
        for s in $SHIMS; do
            echo "        .target(name: \"$s\", path: \"Shims/$s\"),"
        done
        while IFS=$'\x1f' read -r kind name path deps ex settings sources resources; do
            grep -qxF "$name" "$PKG/dropped.txt" && continue
            printf '        .%s(\n            name: "%s",\n            dependencies: common + [' "$kind" "$name"
            for d in $deps; do
                if [[ "$d" == *@* ]]; then
                    printf '.product(name: "%s", package: "%s"), ' "${d%@*}" "${d#*@}"
                else
                    printf '"%s", ' "$d"
                fi
            done
            printf '],\n            path: "src/%s",\n            exclude: [' "$path"
            for f in $ex; do printf '"%s", ' "$f"; done
            while IFS=$'\t' read -r f _; do
                [[ "$f" == "$path/"* ]] && printf '"%s", ' "${f#"$path/"}"
            done <"$PKG/excluded.tsv"
            printf '],\n'
            if [ -n "$sources" ]; then
                printf '            sources: ['
                for f in $sources; do printf '"%s", ' "$f"; done
                printf '],\n'
            fi
            if [ -n "$resources" ]; then
                printf '            resources: ['
                for f in $resources; do printf '.process("%s"), ' "$f"; done
                printf '],\n'
            fi
            printf '            swiftSettings: [%s]\n        ),\n' "$settings${settings:+${IMPLICIT:+, }}$IMPLICIT"
        done <"$PKG/targets.tsv"
        echo '    ]'
        echo ')'
    } >"$PKG/Package.swift"
}

# A shim another project built, and the OSLog porting kit's `os`, stay in the shared build
# folder, where this project's `#if canImport(SwiftUI)` (or a dependency's `canImport(os)`) would
# find them: the shims this project does not name, and `os`, are removed before it builds.
hide_unnamed_modules() {
    local module
    for module in $(cd "$HERE/shims" && ls) os; do
        [[ " $SHIMS " == *" $module "* ]] || rm -f "$SCRATCH"/*/debug/Modules/"$module".*
    done
}

swift_build() {
    hide_unnamed_modules
    nice -n 10 swift build --build-tests --package-path "$PKG" --scratch-path "$SCRATCH" -j "$JOBS" "$@"
}
# The tests' temporary directory (TMPDIR, URL.temporaryDirectory) and their XDG folders (where
# Linux's Foundation puts the application-support and caches directories) are the project's own,
# emptied before each run: a store a test leaves there does not reach the next run, nor the
# user's home folder. (SwiftPM keeps its
# lock files in TMPDIR too: the manifest cache is the scratch folder's, not the user's shared one
# that other builds lock in /tmp.)
swift_test() {
    TMPDIR=$WORK/$PROJECT/tmp XDG_DATA_HOME=$WORK/$PROJECT/tmp/data XDG_CACHE_HOME=$WORK/$PROJECT/tmp/cache \
        XDG_CONFIG_HOME=$WORK/$PROJECT/tmp/config nice -n 10 swift test --skip-build --package-path "$PKG" --scratch-path "$SCRATCH" \
        --manifest-cache local "$@"
}

# Counts one test run's reported results: Swift Testing's "✔ Test … passed", "✘ Test … failed"
# and "➜ Test … skipped", XCTest's "Test Case '…' passed/failed/skipped".
count_results() {
    local log=$1 reports
    # Reports the test process wrote at once may share a line (parallel tests on a loaded
    # machine): each starts a line of its own here.
    reports=$(sed -E "s/(✔|✘|➜|􁁛|􀢄|􀙟) Test /\n\1 Test /g; s/(.)Test Case '/\1\nTest Case '/g" "$log")
    RP=$(printf '%s\n' "$reports" | grep -aE "^(✔|􁁛) Test .* passed after|^Test Case '.*' passed \(" |
        grep -avcE '^.{1,4} Test run with ')
    RF=$(printf '%s\n' "$reports" | grep -aE "^(✘|􀢄) Test .* failed after|^Test Case '.*' failed \(" |
        grep -avcE '^.{1,4} Test run with ')
    RS=$(printf '%s\n' "$reports" | grep -acE "^(➜|􀙟) Test .* skipped|^Test Case '.*' skipped \(")
}

# Runs the tests listed in $1 (test ids of `swift test list`), the whole list at once, then
# what a crash hid suite by suite, then test by test. Sets PASSED FAILED SKIPPED.
run_listed() {
    local list=$1 log=$LOGDIR/test-all.log total
    total=$(wc -l <"$list")
    PASSED=0 FAILED=0 SKIPPED=0
    [ "$total" -gt 0 ] || return
    swift_test >"$log" 2>&1
    count_results "$log"
    if [ $((RP + RF + RS)) -ge "$total" ]; then
        PASSED=$RP FAILED=$RF SKIPPED=$RS
        return
    fi
    # A run whose process ended normally, every test passed, says so in its summaries even
    # when the reports of single tests did not all reach the log whole (a loaded machine).
    local swift_testing xctest
    swift_testing=$(grep -aoE '(✔|􁁛) Test run with [0-9]+ tests? in [0-9]+ suites? passed after' "$log" |
        grep -oE '[0-9]+ tests?' | grep -oE '[0-9]+' | tail -n 1)
    xctest=$(grep -aoE "Test Suite 'All tests' passed|Executed [0-9]+ tests?, with 0 failures" "$log" |
        grep -oE 'Executed [0-9]+' | grep -oE '[0-9]+' | tail -n 1)
    if [ "$RF" -eq 0 ] && [ $((${swift_testing:-0} + ${xctest:-0})) -ge "$total" ]; then
        PASSED=$total
        return
    fi
    echo "  the test process ended before every test reported ($((RP + RF + RS)) of $total): running suite by suite" >&2
    local suite slog n
    for suite in $(sed 's|/[^/]*$||' "$list" | sort -u); do
        n=$(grep -c "^$(printf '%s' "$suite" | sed 's/[.[\*^$]/\\&/g')/[^/]*$" "$list")
        slog=$LOGDIR/test-suite-${suite//\//_}.log
        # A Swift Testing id ends with its source location (`Suite/test()/File.swift:12:6`),
        # which `swift test list` leaves out.
        swift_test --filter "^$(regex_escape "$suite")/[^/]*(/[^/]*)?\$" >"$slog" 2>&1
        count_results "$slog"
        if [ $((RP + RF + RS)) -ge "$n" ]; then
            PASSED=$((PASSED + RP)) FAILED=$((FAILED + RF)) SKIPPED=$((SKIPPED + RS))
            continue
        fi
        echo "  suite $suite crashed: running its tests one at a time" >&2
        local id tlog
        while IFS= read -r id; do
            tlog=$LOGDIR/test-one-${id//[^A-Za-z0-9_.]/_}.log
            swift_test --filter "^$(regex_escape "$id")(/|\$)" >"$tlog" 2>&1
            count_results "$tlog"
            if [ "$RP" -ge 1 ] && [ "$RF" = 0 ]; then
                PASSED=$((PASSED + 1))
            elif [ "$RS" -ge 1 ] && [ "$RF" = 0 ]; then
                SKIPPED=$((SKIPPED + 1))
            else
                FAILED=$((FAILED + 1))
                [ "$RF" -ge 1 ] || echo "CRASHED: $id (log: $tlog)" >>"$LOGDIR/crashes.txt"
            fi
        done < <(grep "^$(regex_escape "$suite")/[^/]*$" "$list")
    done
}
regex_escape() { printf '%s' "$1" | sed 's/[][\.*^$()+?{}|]/\\&/g'; }

# ---------------------------------------------------------------------------------------------
run_project() {
    PROJECT=$1
    local REPO EXTRACT="" SHIMS="FoundationGaps" PACKAGES="" LEFT_OUT="" EXCLUDE="" SETTINGS="" SOURCES="" RESOURCES="" DEFAULT_LOCALIZATION=""
    # shellcheck source=/dev/null
    source "$HERE/$PROJECT.sh"
    local git_dir=$MIRROR/${REPO/\//+}/repo
    COMMIT=$(git -C "$git_dir" rev-parse HEAD)
    PKG=$WORK/$PROJECT/package
    LOGDIR=$WORK/$PROJECT/logs
    rm -rf "$PKG" "$LOGDIR" "$WORK/$PROJECT/tmp"
    mkdir -p "$PKG/src" "$PKG/Shims" "$LOGDIR" "$WORK/$PROJECT/tmp"/{data,cache,config}
    # shellcheck disable=SC2086
    git -C "$git_dir" archive HEAD $EXTRACT | tar -x -C "$PKG/src" || die "cannot extract $REPO"
    local dep
    for dep in $(grep -oE '^github:[^|[:space:]]+' <<<"$PACKAGES" | sed 's/^github://'); do
        mkdir -p "$PKG/deps/${dep##*/}"
        git -C "$MIRROR/${dep/\//+}/repo" archive HEAD | tar -x -C "$PKG/deps/${dep##*/}" ||
            die "cannot extract $dep"
        echo "$dep $(git -C "$MIRROR/${dep/\//+}/repo" rev-parse HEAD)" >>"$LOGDIR/packages.txt"
    done
    for f in $SHIMS; do
        [ -d "$HERE/shims/$f" ] || die "$PROJECT: no shim $HERE/shims/$f"
        cp -R "$HERE/shims/$f" "$PKG/Shims/$f"
    done
    # Foundation's notifications(named:), which Linux's Foundation lacks: shimmed only while
    # this checkout does not provide it (two would be ambiguous).
    if grep -rqE 'func notifications\(\s*named' "$ROOT/Platform/OpenSwiftData/Sources"; then
        rm -f "$PKG/Shims/"*/NotificationCenter+Notifications.swift
    fi
    : >"$PKG/targets.tsv" && : >"$PKG/excluded.tsv" && : >"$PKG/dropped.txt" && : >"$PKG/drop-reasons.tsv"
    recipe

    # Test files left out by the recipe: left out of their target, and counted below.
    local not_compiled=0 f reason
    while IFS='|' read -r f reason; do
        [ -n "$f" ] || continue
        echo "$f	left out by the recipe: $reason" >>"$PKG/excluded.tsv"
    done <<<"$LEFT_OUT"

    if [ -n "${CONFORMANCE_MANIFEST_ONLY:-}" ]; then # for debugging recipes: the manifest only
        write_manifest && cat "$PKG/Package.swift"
        return
    fi
    # Build; leave out what does not compile, and build again.
    local attempt=0 blog errs srcdir kind name path deps ex settings sources progress
    srcdir=$(cd "$PKG/src" && pwd -P)
    while :; do
        attempt=$((attempt + 1))
        write_manifest
        blog=$LOGDIR/build-$attempt.log
        echo "  [$PROJECT] build $attempt (log: $blog)" >&2
        if swift_build >"$blog" 2>&1; then break; fi
        grep -q 'error: .*\(Could not resolve\|does not appear to be a git\|no versions\|failed to resolve\|unknown package\)' "$blog" &&
            die "$PROJECT: the package does not resolve (see $blog)"
        errs=$(grep -aoE "^(/[^:]+\.swift):[0-9]+:[0-9]+: error:" "$blog" | cut -d: -f1 | sort -u)
        progress=0
        for f in $errs; do
            f=$(realpath -m "$f")
            [[ "$f" == "$srcdir/"* ]] || continue
            f=${f#"$srcdir/"}
            # The file's target: the one whose folder holds it most closely (a module's folder
            # may hold its tests' folder).
            local owner
            owner=$(awk -F'\x1f' -v f="$f" 'index(f, $3 "/") == 1 && length($3) > best { best = length($3); name = $2 } END { print name }' "$PKG/targets.tsv")
            while IFS=$'\x1f' read -r kind name path deps ex settings sources resources; do
                [ "$name" = "$owner" ] || continue
                grep -qxF "$name" "$PKG/dropped.txt" && continue
                if [ "$kind" = testTarget ]; then
                    grep -qF "$f	" "$PKG/excluded.tsv" && continue
                    echo "$f	$(grep -aE "^[^:]*/${f##*/}:[0-9]+:[0-9]+: error:" "$blog" | head -n 1 | sed 's|^.*/||')" >>"$PKG/excluded.tsv"
                else
                    echo "$name" >>"$PKG/dropped.txt"
                    echo "$name	does not compile: $(grep -aE "^[^:]*/${f##*/}:[0-9]+:[0-9]+: error:" "$blog" | head -n 1 | sed 's|^.*/||')" >>"$PKG/drop-reasons.tsv"
                fi
                progress=1
            done <"$PKG/targets.tsv"
        done
        if [ $progress = 0 ] && grep -qaE "^$ROOT/Platform/[^:]+\.swift:[0-9]+:[0-9]+: error:" "$blog"; then
            grep -aE "^$ROOT/Platform/[^:]+\.swift:[0-9]+:[0-9]+: error:" "$blog" | sort -u | head -n 5 >&2
            die "OpenSwiftData itself ($ROOT) does not build (see $blog)"
        fi
        if [ $progress = 0 ]; then
            echo "  [$PROJECT] the build failed and no project file is to blame (see $blog)" >&2
            break
        fi
        [ $attempt -lt 25 ] || break
    done

    # What was left out.
    while IFS=$'\t' read -r f reason; do
        [ -n "$f" ] || continue
        not_compiled=$((not_compiled + $(count_tests "$PKG/src/$f")))
        echo "$f	$reason" >>"$LOGDIR/not-compiled.tsv"
    done <"$PKG/excluded.tsv"
    while IFS=$'\x1f' read -r kind name path deps ex settings sources resources; do
        [ "$kind" = testTarget ] || continue
        if grep -qxF "$name" "$PKG/dropped.txt" || ! swift_build_ok "$blog"; then
            while IFS= read -r f; do
                grep -qF "${f#"$PKG/src/"}	" "$PKG/excluded.tsv" && continue
                not_compiled=$((not_compiled + $(count_tests "$f")))
                echo "${f#"$PKG/src/"}	target $name not built" >>"$LOGDIR/not-compiled.tsv"
            done < <(find "$PKG/src/$path" -name '*.swift' | sort)
        fi
        for f in $ex; do
            grep -qF "$path/$f	" "$PKG/excluded.tsv" && continue # counted above
            not_compiled=$((not_compiled + $(count_tests "$PKG/src/$path/$f")))
        done
    done <"$PKG/targets.tsv"

    PASSED=0 FAILED=0 SKIPPED=0
    if swift_build_ok "$blog"; then
        # The test process's main bundle: on macOS `swift test` runs the tests in Apple's xctest
        # tool, whose Bundle.main has the identifier com.apple.dt.xctest.tool; on Linux the test
        # executable's has none unless an Info.plist lies beside it (project code such as
        # `Bundle.main.bundleIdentifier!` would crash where it does not on Apple platforms).
        [ -f "$SCRATCH/debug/Info.plist" ] || cat >"$SCRATCH/debug/Info.plist" <<'PLIST'
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
    <key>CFBundleIdentifier</key>
    <string>com.apple.dt.xctest.tool</string>
</dict>
</plist>
PLIST
        if ! swift_test list >"$LOGDIR/list.txt" 2>"$LOGDIR/list.err" &&
            cut -d$'\x1f' -f1,2 "$PKG/targets.tsv" | grep '^testTarget' | cut -d$'\x1f' -f2 | grep -qvxFf "$PKG/dropped.txt"; then
            echo "  [$PROJECT] listing the tests failed, none is run (see $LOGDIR/list.err)" >&2
        fi
        # A test of a suite (`Module.Suite/test()`), or a test function outside any suite
        # (`Module.test()`), which has no slash.
        grep -E '^[A-Za-z_][A-Za-z0-9_]*\.([^ ]+/|[A-Za-z_][^ /]*\(.*\)$)' "$LOGDIR/list.txt" | sort -u >"$LOGDIR/tests.txt"
        run_listed "$LOGDIR/tests.txt"
        findings "$LOGDIR"
    fi
    [ -s "$PKG/drop-reasons.tsv" ] && cp "$PKG/drop-reasons.tsv" "$LOGDIR/"
    cp "$PKG/Package.swift" "$LOGDIR/Package.swift"
    local line="$PROJECT: $PASSED passed, $FAILED failed, $not_compiled not compiled"
    [ "$SKIPPED" = 0 ] || line+=", $SKIPPED skipped"
    RESULTS+=("$line ($REPO @ ${COMMIT:0:12}; logs: $LOGDIR)")
    TP=$((TP + PASSED)) TF=$((TF + FAILED)) TN=$((TN + not_compiled))
    echo "$line"
}
swift_build_ok() { grep -qaE 'Build complete!|Compiling plugin|Build of product' "$1" && ! grep -qaE '^error: |: error: ' "$1"; }

# Gathers every failure's messages into findings.txt.
findings() {
    local dir=$1
    cat "$dir"/test-*.log 2>/dev/null |
        grep -aE "^(✘|􀢄) Test .*(recorded an issue|failed after)|error: .* : |^Fatal error|Crash|signal|^.*: Fatal error" |
        sort -u >"$dir/findings.txt"
    [ -s "$dir/crashes.txt" ] && cat "$dir/crashes.txt" >>"$dir/findings.txt"
}

RESULTS=()
TP=0 TF=0 TN=0
for p in "${projects[@]}"; do run_project "$p"; done
echo "----"
printf '%s\n' "${RESULTS[@]}"
echo "TOTAL: $TP passed, $TF failed, $TN not compiled (${#projects[@]} projects)"
exit 0
