#!/usr/bin/env python3
"""Puts a benchmark's table into its page, between the markers of the script that ran it,
under a line that names the run: the commit, the machine and the command. Used by
Scripts/bench.sh and Scripts/callgrind.sh for Platform/OpenSwiftData/BENCHMARKS.md.

    bench-page.py describe PATH...
        prints what a run is about to measure, to be given to `write` once it is done: the
        commit (`git rev-parse --short HEAD`), "with local changes to …" when one of PATH
        (the files the benchmark builds from, pathspecs; Markdown files left out) differs
        from it, and the machine (cores, CPU model, memory, Swift version). Called before
        the build, so that it names the tree the build reads.
    bench-page.py busy
        prints the CPU time every process of the machine has used so far, in seconds
        (/proc/stat), to be given to `write` as --busy-before when the run starts.
    bench-page.py write PAGE SCRIPT TABLE --run DESCRIPTION --seconds S
                        [--busy-before B --own-cpu C] -- COMMAND...
        replaces what PAGE holds between `<!-- SCRIPT writes from here -->` and
        `<!-- SCRIPT writes to here -->` with a line naming the run (DESCRIPTION, the
        command, how long it took: S seconds) and the file TABLE. With --busy-before and
        --own-cpu (the CPU seconds the run itself used, its child processes included), the
        line also says how busy the other processes kept the machine's cores meanwhile.
"""
import argparse
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


def cores():
    return len(os.sched_getaffinity(0))


def machine():
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
    return f"{cores()} cores ({cpu}){memory}, {swift}"


def busy_seconds():
    """The CPU time all processes have used since boot: /proc/stat's first line, idle and
    I/O wait left out."""
    with open("/proc/stat") as file:
        fields = [int(field) for field in file.readline().split()[1:]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def write(arguments):
    minutes = round(arguments.seconds / 60)
    took = f"{minutes} minutes" if minutes > 1 else "about a minute" if minutes == 1 else "under a minute"
    others = ""
    if arguments.busy_before is not None and arguments.own_cpu is not None and arguments.seconds > 0:
        share = (busy_seconds() - arguments.busy_before - arguments.own_cpu) / (arguments.seconds * cores())
        others = f"; other processes kept {max(share, 0):.0%} of the cores busy meanwhile"
    command = shlex.join(arguments.command)
    run = (
        f"One run of `{command}` at {arguments.run}, written here by the run itself "
        + f"(it took {took}{others}):\n\n"
        + open(arguments.table).read().rstrip("\n")
        + "\n\n"
    )
    begin = f"<!-- {arguments.script} writes from here -->\n"
    end = f"<!-- {arguments.script} writes to here -->\n"
    text = open(arguments.page).read()
    if begin not in text or end not in text.split(begin, 1)[-1]:
        sys.exit(f"{arguments.page} lacks the markers {begin.strip()} and {end.strip()}")
    before, rest = text.split(begin, 1)
    open(arguments.page, "w").write(before + begin + run + end + rest.split(end, 1)[1])


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "describe":
        print(f"{commit(sys.argv[2:])}, on {machine()}")
    elif sys.argv[1:] == ["busy"]:
        print(f"{busy_seconds():.2f}")
    elif len(sys.argv) >= 2 and sys.argv[1] == "write":
        parser = argparse.ArgumentParser(prog="bench-page.py write", usage=__doc__)
        parser.add_argument("page")
        parser.add_argument("script")
        parser.add_argument("table")
        parser.add_argument("--run", required=True)
        parser.add_argument("--seconds", type=float, required=True)
        parser.add_argument("--busy-before", type=float)
        parser.add_argument("--own-cpu", type=float)
        parser.add_argument("command", nargs="+")
        write(parser.parse_args(sys.argv[2:]))
    else:
        sys.exit(__doc__)
