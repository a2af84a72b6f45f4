#!/usr/bin/env python3
"""Writes the symbol graphs DocC reads for modules of the root package, and its snippets'.

    Scripts/symbol-graphs.py SCRATCH OUTPUT MODULE...

For each module, OUTPUT/MODULE/ receives:
- the module's symbol graphs at the public level (`swift-symbolgraph-extract`, with the
  options the swift-docc-plugin asks SwiftPM for: synthesized members and extension blocks
  included, SPI left out), extracted from the module as the last build of the root package
  in the build folder SCRATCH compiled it. That build's plan (`description.json`, written by
  each `swift build` there) gives the flags the compiler had: the target, the module cache,
  and the C modules' maps and headers;
- the symbol graph of the root package's snippets (`Snippets/*.swift`), which DocC's
  `@Snippet(path:)` reads, written here the way the plugin's `snippet-extract` writes it.

The plugin does the same, but asks SwiftPM to plan and build each module again first: about
12 seconds a module with nothing to compile, and its tools' build.

Of the snippet markers, `// snippet.hide` and `// snippet.show` are understood; a slice
marker (`// snippet.NAME`, `// snippet.end`) stops the script with an error, since nothing
here uses one. Leading comment lines are the snippet's explanation.
"""

import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SNIPPET_MODULE = "OpenSwiftData"  # the root package's name, which the plugin gives its snippets

# The compiler flags, with their value, that the extractor needs to load a module as it was
# built: which platform, where other modules and the C modules' maps are.
FLAGS_WITH_VALUE = {"-target", "-module-cache-path", "-Xcc", "-I", "-F"}


def extractor_arguments(command: dict, module: str, output: pathlib.Path) -> list[str]:
    """`swift-symbolgraph-extract`'s command line for a module's compile command of the plan."""
    arguments = ["swift-symbolgraph-extract", "-module-name", module, "-I", command["importPath"]]
    flags = command["otherArguments"]
    index = 0
    while index < len(flags):
        if flags[index] in FLAGS_WITH_VALUE and index + 1 < len(flags):
            arguments += flags[index : index + 2]
            index += 2
        else:
            index += 1
    return arguments + [
        "-minimum-access-level", "public", "-emit-extension-block-symbols", "-output-dir", str(output),
    ]


def module_commands(scratch: pathlib.Path) -> dict[str, dict]:
    """Each Swift module's compile command in the last debug build's plan, by module name."""
    plans = sorted(scratch.glob("*/debug/description.json"))
    if not plans:
        raise SystemExit(f"no build plan in {scratch}: run `swift build` with this build folder first")
    commands = json.loads(plans[0].read_text())["swiftCommands"].values()
    return {command["moduleName"]: command for command in commands}


def snippet_marker(line: str) -> str | None:
    """What follows `// snippet.` on a marker line, lowercased; None for any other line."""
    text = line.lstrip()
    if not text.startswith("//"):
        return None
    text = text[2:].lstrip()
    if not text.lower().startswith("snippet."):
        return None
    words = text[len("snippet.") :].split()
    return words[0].lower() if words else ""


def snippet_symbol(path: pathlib.Path) -> dict:
    """A snippet's symbol: its explanation, and the lines a reader sees."""
    lines = path.read_text().split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    explanation = []
    while lines and lines[0].strip() and snippet_marker(lines[0]) is None and lines[0].lstrip().startswith("//"):
        explanation.append(lines.pop(0).lstrip()[2:])
    indentation = next((len(line) - len(line.lstrip()) for line in explanation if line.strip()), 0)
    explanation = [line[min(indentation, len(line) - len(line.lstrip())) :] for line in explanation]
    while explanation and not explanation[-1].strip():
        explanation.pop()
    while explanation and not explanation[0].strip():
        explanation.pop(0)

    shown, visible = [], True
    for line in lines:
        marker = snippet_marker(line)
        if marker is None:
            if visible and (shown or line.strip()):
                shown.append(line)
        elif marker.startswith("show"):
            visible = True
        elif marker.startswith("hide"):
            visible = False
        else:
            raise SystemExit(f"{path}: a slice marker (`snippet.{marker}`), which this script does not support")
    while shown and not shown[-1].strip():
        shown.pop()
    indents = [len(line) - len(line.lstrip(" ")) for line in shown if line]
    if indents and min(indents) > 0:
        shown = [line[min(indents) :] for line in shown]

    name = path.stem
    return {
        "identifier": {"precise": f"$snippet__{SNIPPET_MODULE}.{name}", "interfaceLanguage": "swift"},
        "names": {"title": name},
        "pathComponents": ["Snippets", name],
        "docComment": {"lines": [{"text": line} for line in "\n".join(explanation).split("\n")]},
        "accessLevel": "public",
        "kind": {"identifier": "snippet", "displayName": "Snippet"},
        "snippet": {"language": "swift", "lines": shown},
        "isVirtual": True,
    }


def snippets_graph() -> dict:
    """The symbol graph of every snippet in the root package's Snippets/ folder."""
    return {
        "metadata": {"formatVersion": {"major": 0, "minor": 1, "patch": 0}, "generator": "Scripts/symbol-graphs.py"},
        "module": {"name": SNIPPET_MODULE, "platform": {}, "isVirtual": True},
        "symbols": [snippet_symbol(path) for path in sorted((ROOT / "Snippets").glob("*.swift"))],
        "relationships": [],
    }


def main(arguments: list[str]) -> int:
    if len(arguments) < 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    scratch, output, modules = pathlib.Path(arguments[0]), pathlib.Path(arguments[1]), arguments[2:]
    commands = module_commands(scratch)
    snippets = json.dumps(snippets_graph())
    status = 0
    for module in modules:
        folder = output / module
        folder.mkdir(parents=True, exist_ok=True)
        if module not in commands:
            print(f"{module}: not a module of the last build in {scratch}", file=sys.stderr)
            status = 1
            continue
        result = subprocess.run(extractor_arguments(commands[module], module, folder))
        if result.returncode != 0:
            print(f"{module}: swift-symbolgraph-extract failed ({result.returncode})", file=sys.stderr)
            status = 1
        (folder / f"{SNIPPET_MODULE}-snippets.symbols.json").write_text(snippets)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
