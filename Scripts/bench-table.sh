#!/usr/bin/env bash
# Puts a benchmark run's table into a BENCHMARKS.md, between the markers its script owns
# (`<!-- Scripts/NAME writes from here -->` and `<!-- to here -->`), under a line that names
# the script, the commit (and whether files under the paths given differ from it), and the
# machine. Called by the benchmark scripts once their run wrote its table.
#
#   Scripts/bench-table.sh SCRIPT PAGE TABLE [PATH ...]
set -euo pipefail
script=$1 page=$2 table=$3
shift 3
root="$(cd "$(dirname "$0")/.." && pwd)"
commit=$(git -C "$root" rev-parse --short HEAD)
git -C "$root" diff --quiet HEAD -- "$@" || commit="$commit with changes not committed"
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs || echo "unknown CPU")
python3 - "$script" "$page" "$table" "$commit" "$(nproc)" "$cpu" <<'PYTHON'
import sys
script, page, table, commit, cores, cpu = sys.argv[1:]
run = (f"One run of `Scripts/{script}` at {commit}, on {cores} cores ({cpu}), written by the run itself:\n\n"
       + open(table).read())
text = open(page).read()
begin, end = f"<!-- Scripts/{script} writes from here -->\n", "<!-- to here -->\n"
if begin not in text or end not in text:
    sys.exit(f"{page} lacks the markers of the run's table")
before, rest = text.split(begin, 1)
open(page, "w").write(before + begin + run + "\n" + end + rest.split(end, 1)[1])
PYTHON
echo "$(basename "$page"): the table of this run, at $commit"
