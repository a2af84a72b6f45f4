#!/usr/bin/env python3
"""Checks that the code of the DocC articles and of the sources' doc comments is code that builds.

An article shows Swift code through `@Snippet(path: "NAME")`, whose file `Snippets/NAME.swift`
is a program of the root package that `swift build` compiles (Scripts/docs.sh builds each).
A ```swift block written in the article itself is allowed only when it cannot be a program
(a fragment of a package manifest: it names `.package(`, `.target(` or `.product(`; or a
single line), or when its code is code that a build compiles: its lines, comments and blank
lines aside, appear in this order, one after the other, in a test, a snippet or an example
program (Platform/*/Tests, Snippets, Platform/OpenSwiftData/Examples). The same rule holds
for each `/// ```swift` block of a doc comment in the Swift files under a `--sources` folder,
read without its `///` and the one space after it. Prints each other block, and each snippet
an article names that does not exist, and exits 1 if there is one.

    Scripts/doc-snippets.py CATALOG... [--sources DIR]...
"""
import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"(?m)^[ \t]*```swift\n(.*?)^[ \t]*```[ \t]*$", re.S)
DOC_COMMENT = re.compile(r"^[ \t]*/// ?")
SNIPPET = re.compile(r'@Snippet\(path:\s*"([^"]+)"')
MANIFEST = (".package(", ".target(", ".product(")


def code_lines(text):
    """The lines of code, each stripped of its indentation and of a comment that follows it."""
    lines = []
    for line in text.split("\n"):
        code = re.sub(r"\s+//.*$", "", line).strip()
        if code and not code.startswith("//"):
            lines.append(code)
    return lines


def compiled_sources():
    patterns = ["Platform/*/Tests/**/*.swift", "Snippets/*.swift", "Platform/OpenSwiftData/Examples/**/*.swift"]
    return ["\n" + "\n".join(code_lines(path.read_text())) + "\n" for pattern in patterns for path in ROOT.glob(pattern)]


def doc_comments(path):
    """A Swift file's doc comments as text, their `///` and one space removed; other lines blank."""
    return "\n".join(DOC_COMMENT.sub("", line) if DOC_COMMENT.match(line) else ""
                     for line in path.read_text().split("\n"))


def unbuilt_blocks(path, text, sources, remedy):
    """A problem for each ```swift block of the text that is neither a manifest fragment, nor
    a single line, nor code of a test, a snippet or an example program."""
    problems = []
    for match in BLOCK.finditer(text):
        code = match.group(1)
        if any(marker in code for marker in MANIFEST) or code.strip().count("\n") == 0:
            continue
        excerpt = "\n" + "\n".join(code_lines(code)) + "\n"
        if not any(excerpt in source for source in sources):
            line = text.count("\n", 0, match.start()) + 1
            problems.append(f"{path}:{line}: a Swift block that no build compiles; {remedy}")
    return problems


def main(catalogs, source_folders):
    sources = compiled_sources()
    problems = []
    for catalog in catalogs:
        for article in sorted(pathlib.Path(catalog).glob("*.md")):
            text = article.read_text()
            problems += unbuilt_blocks(article, text, sources,
                                       'make it a snippet (Snippets/NAME.swift, @Snippet(path: "NAME"))')
            for match in SNIPPET.finditer(text):
                name = match.group(1)
                if not (ROOT / "Snippets" / f"{name}.swift").is_file():
                    line = text.count("\n", 0, match.start()) + 1
                    problems.append(f"{article}:{line}: no snippet Snippets/{name}.swift")
    for folder in source_folders:
        for path in sorted(pathlib.Path(folder).rglob("*.swift")):
            problems += unbuilt_blocks(path, doc_comments(path), sources,
                                       "make it code that a snippet (Snippets/NAME.swift) shows")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("catalogs", nargs="*", metavar="CATALOG")
    parser.add_argument("--sources", action="append", default=[], metavar="DIR",
                        help="a folder of Swift sources whose doc comments to check (repeatable)")
    arguments = parser.parse_args()
    sys.exit(main(arguments.catalogs, arguments.sources))
