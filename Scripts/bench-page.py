#!/usr/bin/env python3
"""Puts a benchmark's table into its page, between the markers of the script that ran it,
under a line that names the run: the commit, the machine and the command. Used by
Scripts/bench.sh and Scripts/callgrind.sh for Platform/OpenSwiftData/BENCHMARKS.md.

    bench-page.py describe PATH...
        prints what a run is about to measure, to be given to `write` once it is done: the
        commit (`git rev-parse --short HEAD`), "with local changes to …" when one of PATH
        (the files the benchmark builds from, pathspecs; Markdown files left out) differs
        from it, and the machine (cores, CPU model, memory, Swift version, load average).
        Called before the build, so that it names the tree the build reads.
    bench-page.py write PAGE SCRIPT TABLE DESCRIPTION SECONDS COMMAND...
        replaces what PAGE holds between `<!-- SCRIPT writes from here -->` and
        `<!-- SCRIPT writes to here -->` with a line naming the run (DESCRIPTION, how long
        it took, the command) and the file TABLE.
"""
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def git(*arguments):
    return subprocess.run(["git", "-C", ROOT, *arguments], check=True, capture_output=True, text=True).stdout


def commit(paths):
    head = git("rev-parse", "--short", "HEAD").strip()
    status = git("status", "--porcelain", "--untracked-files=all", "--", *paths, ":(exclude)*.md")
    changed = sorted({line[3:].split(" -> ")[-1] for line in status.splitlines() if line})
    if not changed:
        return head
    if len(changed) > 3:
        return f"{head} with local changes to {len(changed)} files"
    return f"{head} with local changes to " + ", ".join(f"`{path}`" for path in changed)


def machine():
    cores = len(os.sched_getaffinity(0))
    cpu = "unknown CPU"
    memory = ""
    try:
        with open("/proc/cpuinfo") as file:
            cpu = next(line.split(":", 1)[1].strip() for line in file if line.startswith("model name"))
        with open("/proc/meminfo") as file:
            kilobytes = next(int(line.split()[1]) for line in file if line.startswith("MemTotal:"))
            memory = f", {kilobytes / 1024 / 1024:.0f} GiB of memory"
    except (OSError, StopIteration):
        pass
    version = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout
    match = re.search(r"Swift version (\S+)", version)
    swift = f"Swift {match.group(1)}" if match else "Swift (version unknown)"
    load = os.getloadavg()[0]
    return f"{cores} cores ({cpu}){memory}, {swift}, load average {load:.2f} as it started"


def write(page, script, table, description, seconds, command):
    minutes = round(float(seconds) / 60)
    took = f"{minutes} minutes" if minutes > 1 else "about a minute" if minutes == 1 else "under a minute"
    run = (
        f"One run of `{command}` at {description}, written here by the run itself (it took {took}):\n\n"
        + open(table).read().rstrip("\n")
        + "\n\n"
    )
    begin, end = f"<!-- {script} writes from here -->\n", f"<!-- {script} writes to here -->\n"
    text = open(page).read()
    if begin not in text or end not in text.split(begin, 1)[-1]:
        sys.exit(f"{page} lacks the markers {begin.strip()} and {end.strip()}")
    before, rest = text.split(begin, 1)
    open(page, "w").write(before + begin + run + end + rest.split(end, 1)[1])


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "describe":
        print(f"{commit(sys.argv[2:])}, on {machine()}")
    elif len(sys.argv) >= 8 and sys.argv[1] == "write":
        write(*sys.argv[2:7], shlex.join(sys.argv[7:]))
    else:
        sys.exit(__doc__)
