#!/usr/bin/env python3
"""Checks that the code of the DocC articles is code that builds.

An article shows Swift code through `@Snippet(path: "NAME")`, whose file `Snippets/NAME.swift`
is a program of the root package that `swift build` compiles (Scripts/docs.sh builds each).
A ```swift block written in the article itself is allowed only when it cannot be a program
(a fragment of a package manifest: it names `.package(`, `.target(` or `.product(`; or a
single line), or when its code is code that a build compiles: its lines, comments and blank
lines aside, appear in this order, one after the other, in a test, a snippet or an example
program (Platform/*/Tests, Snippets, Platform/OpenSwiftData/Examples). Prints each other
block, and each snippet an article names that does not exist, and exits 1 if there is one.

    Scripts/doc-snippets.py CATALOG...
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"(?m)^[ \t]*```swift\n(.*?)^[ \t]*```[ \t]*$", re.S)
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


def main(catalogs):
    sources = compiled_sources()
    problems = []
    for catalog in catalogs:
        for article in sorted(pathlib.Path(catalog).glob("*.md")):
            text = article.read_text()
            for match in BLOCK.finditer(text):
                code = match.group(1)
                line = text.count("\n", 0, match.start()) + 1
                if any(marker in code for marker in MANIFEST) or code.strip().count("\n") == 0:
                    continue
                excerpt = "\n" + "\n".join(code_lines(code)) + "\n"
                if any(excerpt in source for source in sources):
                    continue
                problems.append(f"{article}:{line}: a Swift block that no build compiles; "
                                "make it a snippet (Snippets/NAME.swift, @Snippet(path: \"NAME\"))")
            for match in SNIPPET.finditer(text):
                name = match.group(1)
                if not (ROOT / "Snippets" / f"{name}.swift").is_file():
                    line = text.count("\n", 0, match.start()) + 1
                    problems.append(f"{article}:{line}: no snippet Snippets/{name}.swift")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
