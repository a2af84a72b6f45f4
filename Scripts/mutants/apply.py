#!/usr/bin/env python3
"""Applies or checks the mutants of mutants.tsv (see Scripts/mutants.sh).

    apply.py check SOURCES               every mutant's text is found exactly once
    apply.py list                        ID and what each mutant gets wrong
    apply.py apply SOURCES ID            writes mutant ID into its file under SOURCES
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def mutants():
    with open(os.path.join(HERE, "mutants.tsv"), encoding="utf-8") as table:
        for number, line in enumerate(table, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 5:
                sys.exit(f"mutants.tsv:{number}: {len(fields)} fields, 5 expected")
            # A TEXT or a REPLACEMENT of several lines writes its line breaks as \n.
            fields = [field.replace("\\n", "\n") for field in fields]
            yield dict(zip(("id", "file", "find", "replace", "what"), fields))


def source(sources, mutant):
    path = os.path.join(sources, mutant["file"])
    with open(path, encoding="utf-8") as file:
        text = file.read()
    count = text.count(mutant["find"])
    if count != 1:
        sys.exit(f"{mutant['id']}: its text is found {count} times in {mutant['file']}, not once")
    return path, text


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "list":
        for mutant in mutants():
            print(f"{mutant['id']}\t{mutant['what']}")
    elif command == "check":
        ids = set()
        for mutant in mutants():
            if mutant["id"] in ids:
                sys.exit(f"{mutant['id']}: listed twice")
            ids.add(mutant["id"])
            source(sys.argv[2], mutant)
    elif command == "apply":
        found = [m for m in mutants() if m["id"] == sys.argv[3]]
        if not found:
            sys.exit(f"no mutant {sys.argv[3]}")
        path, text = source(sys.argv[2], found[0])
        with open(path + ".mutant", "w", encoding="utf-8") as file:
            file.write(text.replace(found[0]["find"], found[0]["replace"]))
        os.replace(path + ".mutant", path)
    else:
        sys.exit(__doc__)


main()
