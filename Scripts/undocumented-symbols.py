#!/usr/bin/env python3
"""Lists the public symbols that have no documentation comment, from symbol graphs.

    Scripts/undocumented-symbols.py MODULE... -- FOLDER...

Reads every `*.symbols.json` under the folders (as `swift-symbolgraph-extract` writes them,
for the module and for its extensions of other modules' types) whose module is one of the
modules named, and prints each `public` or `open` symbol declared in the module's sources
without a documentation comment, with its file and line. Exits 1 when it printed any, 2 when
a named module has no symbol graph (so that a graph not written never passes for a module
without gaps).

Not counted, because no comment in the module can document them:
- symbols the compiler synthesized (a protocol's default implementation shown on a type,
  `::SYNTHESIZED::` in their identifier) and symbols without a source location (implicit
  members such as an enum's `init(rawValue:)`);
- symbols whose comment is inherited: an implementation of a documented requirement of
  another protocol shows that requirement's comment;
- an extension of another module's type whose members are all hidden (the extension
  itself is still in the graph, with nothing in it).
Symbols marked `@_documentation(visibility: internal)` are not in a graph extracted at the
public level, so they are not counted either.
"""

import json
import pathlib
import sys


def main(arguments: list[str]) -> int:
    if "--" not in arguments:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    split = arguments.index("--")
    modules, folders = set(arguments[:split]), arguments[split + 1 :]
    seen_modules: set[str] = set()
    missing: list[tuple[str, int, str, str]] = []
    seen_symbols: set[str] = set()
    for folder in folders:
        for graph_path in sorted(pathlib.Path(folder).rglob("*.symbols.json")):
            graph = json.loads(graph_path.read_text())
            # `Module@Other.symbols.json`: the module's extensions of Other's types.
            module = graph_path.name.split(".symbols.json")[0].split("@")[0]
            if module not in modules:
                continue
            seen_modules.add(module)
            # Symbols that something is a member of: an extension block that is not one has
            # no public members (they are all hidden), so it shows nothing to document.
            parents = {edge["target"] for edge in graph["relationships"] if edge["kind"] == "memberOf"}
            for symbol in graph["symbols"]:
                precise = symbol["identifier"]["precise"]
                if precise in seen_symbols:
                    continue
                seen_symbols.add(precise)
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                if "::SYNTHESIZED::" in precise or "location" not in symbol:
                    continue
                if symbol["kind"]["identifier"] == "swift.extension" and precise not in parents:
                    continue
                comment = symbol.get("docComment", {}).get("lines", [])
                if any(line.get("text", "").strip() for line in comment):
                    continue
                location = symbol["location"]
                path = location["uri"].removeprefix("file://")
                line = location.get("position", {}).get("line", 0) + 1
                name = ".".join(symbol["pathComponents"])
                missing.append((path, line, symbol["kind"]["displayName"], name))
    status = 0
    for module in sorted(modules - seen_modules):
        print(f"no symbol graph of {module} under {' '.join(folders)}", file=sys.stderr)
        status = 2
    root = str(pathlib.Path.cwd()) + "/"
    for path, line, kind, name in sorted(missing):
        print(f"{path.removeprefix(root)}:{line}: undocumented public {kind.lower()} {name}")
    if missing:
        print(f"{len(missing)} public symbols without a documentation comment", file=sys.stderr)
        status = status or 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
