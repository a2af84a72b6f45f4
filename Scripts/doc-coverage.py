#!/usr/bin/env python3
"""Lists the public functions, initializers and subscripts whose documentation comment is incomplete.

    Scripts/doc-coverage.py [FOLDER...]

Reads every `.swift` file under the folders (by default
Platform/OpenSwiftData/Sources/OpenSwiftData, relative to the current directory) and checks
each `public` or `open` `func`, `init` and `subscript` (`@_spi(...) public` ones too), and each
one declared in a public protocol or in a `public extension`, whose enclosing types are public:

- it has a `///` (or `/** */`) comment right above it (attributes may sit in between);
- the comment has a `- Parameter name:` line, or a `- name:` line under `- Parameters:`, for
  each named parameter. The name is the parameter's own name, not its argument label: in
  `func f(for model: M)` it is `model`, as DocC and Xcode expect (DocC drops the documentation
  of a name that is not a parameter's);
- the comment documents no name that is not a parameter (a parameter renamed since);
- the comment has a `- Throws:` line when the declaration `throws`, `throws(E)` or `rethrows`.

Prints one line per problem, `path:line: name: problem`, and exits 1 when it printed any, 0
otherwise (2 when a folder does not exist). The parse is lexical (comments and string literals
blanked, then tokens and braces): it reads declarations in type bodies and at file level, never
inside function bodies, where nothing is public. Declarations marked
`@_documentation(visibility: internal)` are checked too: they are public all the same. Macros
are not checked.

Run it from the repository's root:

    python3 Scripts/doc-coverage.py
    python3 Scripts/doc-coverage.py Platform/StoreSync/Sources/StoreSync
"""

import pathlib
import re
import sys

DEFAULT_FOLDERS = ["Platform/OpenSwiftData/Sources/OpenSwiftData"]

# Protocol witnesses whose documentation is the requirement's: with no comment of their own,
# DocC shows that of Equatable's `==`, Comparable's `<`, Hashable's `hash(into:)`, Codable's
# `encode(to:)` and `init(from:)`, Sequence's `makeIterator()` and IteratorProtocol's `next()`,
# which say all there is to say. (`description` and `debugDescription` are properties, which
# this script does not check.)
INHERITED_DOC_MEMBERS = {
    "==(_:_:)",
    "<(_:_:)",
    "hash(into:)",
    "encode(to:)",
    "init(from:)",
    "makeIterator()",
    "next()",
}

TYPE_KEYWORDS = {"struct", "class", "enum", "actor", "protocol", "extension"}
FUNCTION_KEYWORDS = {"func", "init", "subscript"}
# Words that may precede a declaration's keyword (with `(...)` after some, as in `private(set)`).
MODIFIERS = {
    "public", "open", "package", "internal", "fileprivate", "private", "static", "class",
    "final", "override", "mutating", "nonmutating", "nonisolated", "convenience", "required",
    "dynamic", "optional", "indirect", "lazy", "weak", "unowned", "distributed", "consuming",
    "borrowing", "isolated", "prefix", "postfix", "infix",
}
RESTRICTED_ACCESS = {"package", "internal", "fileprivate", "private"}
# Tokens that end a declaration without a body (a protocol requirement): the next
# declaration's keyword or modifier, or the end of the enclosing body.
DECLARATION_STARTS = FUNCTION_KEYWORDS | TYPE_KEYWORDS | MODIFIERS | {
    "var", "let", "case", "typealias", "associatedtype", "deinit", "import", "macro", "}",
}
# Words that may start a return type or a `where` clause, so do not end a signature.
TYPE_WORDS = {"isolated", "borrowing", "consuming"}
SIGNATURE_ENDS = DECLARATION_STARTS - TYPE_WORDS
# `class func`, `class var`: `class` as a modifier, not a type declaration.
MEMBER_KEYWORDS = {"func", "var", "let", "subscript", "init", "static", "final", "override", "typealias"}

TOKEN = re.compile(
    r"""
    (?P<space>\s+)
    | (?P<word>`[^`]+`|[A-Za-z_$][A-Za-z0-9_$]*|[0-9][A-Za-z0-9_.]*)
    | (?P<attribute>@[A-Za-z_][A-Za-z0-9_]*)
    | (?P<directive>\#[A-Za-z_][A-Za-z0-9_]*)
    | (?P<arrow>->)
    | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)


class Token:
    def __init__(self, text: str, line: int):
        self.text = text
        self.line = line


# Blanking comments and strings -----------------------------------------------------------


def blank(text: str) -> str:
    """The source with comments and string literals replaced by spaces, newlines kept, so
    that neither a `{` in a string nor a `func` in a comment is read as code."""
    out = list(text)
    position = 0
    while position < len(text):
        end = skip_comment_or_string(text, position)
        if end == position:
            position += 1
            continue
        for index in range(position, end):
            if out[index] != "\n":
                out[index] = " "
        position = end
    return "".join(out)


def skip_comment_or_string(text: str, position: int) -> int:
    """The end of the comment or string literal that starts at `position`, or `position`."""
    if text.startswith("//", position):
        newline = text.find("\n", position)
        return len(text) if newline < 0 else newline
    if text.startswith("/*", position):
        return skip_block_comment(text, position)
    string = re.compile(r'(#*)("""|")').match(text, position)
    if string:
        return skip_string(text, string.end(), string.group(1), string.group(2))
    return position


def skip_block_comment(text: str, position: int) -> int:
    depth = 0
    while position < len(text):
        if text.startswith("/*", position):
            depth += 1
            position += 2
        elif text.startswith("*/", position):
            depth -= 1
            position += 2
            if depth == 0:
                return position
        else:
            position += 1
    return position


def skip_string(text: str, position: int, hashes: str, quote: str) -> int:
    """The end of a string literal whose contents start at `position`; interpolations
    (`\\(...)`, `\\#(...)` in a raw string) may hold strings of their own."""
    close = quote + hashes
    escape = "\\" + hashes
    while position < len(text):
        if text.startswith(close, position):
            return position + len(close)
        if text.startswith(escape + "(", position):
            position = skip_interpolation(text, position + len(escape) + 1)
        elif text.startswith(escape, position):
            position += len(escape) + 1
        else:
            position += 1
    return position


def skip_interpolation(text: str, position: int) -> int:
    depth = 1
    while position < len(text) and depth > 0:
        end = skip_comment_or_string(text, position)
        if end != position:
            position = end
            continue
        depth += {"(": 1, ")": -1}.get(text[position], 0)
        position += 1
    return position


def tokenize(text: str) -> list[Token]:
    tokens = []
    line = 1
    for match in TOKEN.finditer(blank(text)):
        if match.lastgroup != "space":
            tokens.append(Token(match.group(), line))
        line += match.group().count("\n")
    return tokens


# Reading declarations ------------------------------------------------------------------


class Scope:
    """A type body or the file: whether what it declares can be public, and whether its
    members are public without saying so (a public protocol's, a `public extension`'s)."""

    def __init__(self, exported: bool, members_public: bool):
        self.exported = exported
        self.members_public = members_public


class Declaration:
    def __init__(self, name: str, line: int, parameters: list[str], throws: bool):
        self.name = name
        self.line = line
        self.parameters = parameters
        self.throws = throws


def matching(tokens: list[Token], index: int, opening: str, closing: str) -> int:
    """The index of the token that closes the one at `index`."""
    depth = 0
    for position in range(index, len(tokens)):
        if tokens[position].text == opening:
            depth += 1
        elif tokens[position].text == closing:
            depth -= 1
            if depth == 0:
                return position
    return len(tokens) - 1


def modifiers_before(tokens: list[Token], index: int) -> tuple[set[str], int]:
    """The modifiers and attributes in front of the keyword at `index`, and the index of the
    first of them (where the declaration, and so its comment, starts)."""
    words: set[str] = set()
    start = index
    position = index - 1
    while position >= 0:
        text = tokens[position].text
        if text == ")":
            opening = matching_backwards(tokens, position)
            if opening > 0 and is_modifier(tokens[opening - 1].text):
                position = opening - 1
                continue
            break
        if not is_modifier(text):
            break
        words.add(text)
        start = position
        position -= 1
    return words, start


def matching_backwards(tokens: list[Token], index: int) -> int:
    depth = 0
    for position in range(index, -1, -1):
        depth += {")": 1, "(": -1}.get(tokens[position].text, 0)
        if depth == 0:
            return position
    return 0


def is_modifier(text: str) -> bool:
    return text in MODIFIERS or text.startswith("@")


def declarations(tokens: list[Token]) -> list[tuple[Declaration, int, bool]]:
    """Every func, init and subscript outside function bodies, each with the line its
    declaration (its first attribute or modifier) starts on, and whether it is public."""
    found = []
    scopes = [Scope(exported=True, members_public=False)]
    index = 0
    while index < len(tokens):
        token = tokens[index]
        previous = tokens[index - 1].text if index else ""
        if token.text == "}":
            if len(scopes) > 1:
                scopes.pop()
            index += 1
        elif token.text == "{":
            # A body that is not a type's (a property's accessors, a closure): skip it.
            index = matching(tokens, index, "{", "}") + 1
        elif token.text in TYPE_KEYWORDS and is_type_declaration(tokens, index, previous):
            index = enter_type(tokens, index, scopes)
        elif token.text in FUNCTION_KEYWORDS and previous != ".":
            modifiers, start = modifiers_before(tokens, index)
            public = is_public(modifiers, scopes[-1])
            declaration, index = read_function(tokens, index)
            found.append((declaration, tokens[start].line, public))
        else:
            index += 1
    return found


def is_type_declaration(tokens: list[Token], index: int, previous: str) -> bool:
    if previous == "." or index + 1 >= len(tokens):
        return False
    following = tokens[index + 1].text
    return is_word(following) and following not in MEMBER_KEYWORDS


def enter_type(tokens: list[Token], index: int, scopes: list[Scope]) -> int:
    """Pushes the scope of the type declared at `index` and returns the index after its `{`."""
    keyword = tokens[index].text
    modifiers, _ = modifiers_before(tokens, index)
    parent = scopes[-1]
    if keyword == "extension":
        exported = parent.exported and not modifiers & RESTRICTED_ACCESS
        members_public = bool(modifiers & {"public", "open"})
    else:
        exported = parent.exported and is_public(modifiers, parent)
        members_public = keyword == "protocol" and exported
    scopes.append(Scope(exported, members_public))
    position = index
    while position < len(tokens) and tokens[position].text != "{":
        position += 1
    return position + 1


def is_public(modifiers: set[str], scope: Scope) -> bool:
    if not scope.exported:
        return False
    if modifiers & {"public", "open"}:
        return True
    return scope.members_public and not modifiers & RESTRICTED_ACCESS


def read_function(tokens: list[Token], index: int) -> tuple[Declaration, int]:
    """Reads the func, init or subscript whose keyword is at `index`; returns it and the
    index after its body (or after its signature when it has none)."""
    keyword = tokens[index].text
    position = index + 1
    base_name = keyword
    if keyword == "func":
        base_name, position = function_name(tokens, position)
    elif keyword == "init" and tokens[position].text in ("?", "!"):
        position += 1
    if tokens[position].text == "<":
        position = skip_generic_clause(tokens, position)
    close = matching(tokens, position, "(", ")")
    # An operator's and a subscript's parameters have no argument label unless they say so.
    unlabeled = keyword == "subscript" or not is_word(base_name)
    parts = split_parameters(tokens[position + 1 : close])
    parameters = [parse_parameter(part, unlabeled) for part in parts]
    throws, position = read_effects(tokens, close + 1)
    position = skip_to_body_end(tokens, position)
    name = f"{base_name}({''.join(label + ':' for label, _ in parameters)})"
    named = [internal for _, internal in parameters if internal != "_"]
    return Declaration(name, tokens[index].line, named, throws), position


def function_name(tokens: list[Token], position: int) -> tuple[str, int]:
    """A function's name: a word, or an operator's characters (one token each) up to its
    parameter clause, or up to its generic clause (a `<` that is not the first character,
    followed by a word, as in `func ==<T>`)."""
    if is_word(tokens[position].text):
        return tokens[position].text.strip("`"), position + 1
    name = ""
    while tokens[position].text != "(":
        if name and tokens[position].text == "<" and is_word(tokens[position + 1].text):
            break
        name += tokens[position].text
        position += 1
    return name, position


def is_word(text: str) -> bool:
    return bool(re.match(r"[A-Za-z_`]", text))


def skip_generic_clause(tokens: list[Token], position: int) -> int:
    return matching(tokens, position, "<", ">") + 1


def split_parameters(tokens: list[Token]) -> list[list[Token]]:
    """The parameter clause's parameters: split at commas outside brackets, and outside
    angle brackets before a default value's `=` (after it, `<` may be an operator)."""
    parameters: list[list[Token]] = [[]]
    depth = 0
    angle_depth = 0
    in_default = False
    for token in tokens:
        text = token.text
        if text in ("(", "[", "{"):
            depth += 1
        elif text in (")", "]", "}"):
            depth -= 1
        elif text == "<" and not in_default:
            angle_depth += 1
        elif text == ">" and not in_default and angle_depth:
            angle_depth -= 1
        elif text == "=" and depth == 0 and angle_depth == 0:
            in_default = True
        elif text == "," and depth == 0 and angle_depth == 0:
            parameters.append([])
            in_default = False
            continue
        parameters[-1].append(token)
    return [parameter for parameter in parameters if parameter]


def parse_parameter(tokens: list[Token], unlabeled: bool) -> tuple[str, str]:
    """A parameter's argument label (`_` when it has none) and its own name; with
    `unlabeled`, a parameter written with one name has no label."""
    words = []
    position = 0
    while position < len(tokens) and tokens[position].text != ":":
        text = tokens[position].text
        if text.startswith("@"):
            # An attribute in front of the name (a result builder): skip it and its arguments.
            if position + 1 < len(tokens) and tokens[position + 1].text == "(":
                position = matching(tokens, position + 1, "(", ")")
        else:
            words.append(text.strip("`"))
        position += 1
    if len(words) == 1:
        return ("_" if unlabeled else words[0]), words[0]
    return words[0], words[-1]


def read_effects(tokens: list[Token], position: int) -> tuple[bool, int]:
    """Whether the effects after the parameter clause (`async`, `throws`, `throws(E)`,
    `rethrows`) say the declaration throws, and the index after them."""
    throws = False
    while position < len(tokens) and tokens[position].text in ("async", "reasync", "throws", "rethrows"):
        throws = throws or tokens[position].text in ("throws", "rethrows")
        position += 1
        if tokens[position - 1].text == "throws" and position < len(tokens) and tokens[position].text == "(":
            position = matching(tokens, position, "(", ")") + 1
    return throws, position


def skip_to_body_end(tokens: list[Token], position: int) -> int:
    """Skips the return type and `where` clause, then the body when there is one."""
    depth = 0
    while position < len(tokens):
        text = tokens[position].text
        if text in ("(", "["):
            depth += 1
        elif text in (")", "]"):
            depth -= 1
        elif depth == 0 and text == "{":
            return matching(tokens, position, "{", "}") + 1
        elif depth == 0 and text in SIGNATURE_ENDS:
            return position
        position += 1
    return position


# Reading comments ------------------------------------------------------------------------


def doc_comment(lines: list[str], start_line: int) -> list[str] | None:
    """The documentation comment right above line `start_line` (1-based), as lines without
    their `///`, or None when there is none."""
    position = start_line - 2
    comment: list[str] = []
    while position >= 0 and lines[position].strip().startswith("///"):
        comment.insert(0, lines[position].strip()[3:])
        position -= 1
    if comment:
        return comment
    if position >= 0 and lines[position].strip().endswith("*/"):
        return block_doc_comment(lines, position)
    return None


def block_doc_comment(lines: list[str], last: int) -> list[str] | None:
    position = last
    while position >= 0 and "/*" not in lines[position]:
        position -= 1
    if position < 0 or "/**" not in lines[position]:
        return None
    text = "\n".join(lines[position : last + 1])
    body = text[text.index("/**") + 3 : text.rindex("*/")]
    return [re.sub(r"^\s*\*?", "", line) for line in body.splitlines()]


PARAMETER_LINE = re.compile(r"^\s*[-*+]\s+parameter\s+([^\s:]+)\s*:", re.IGNORECASE)
PARAMETERS_HEADER = re.compile(r"^(\s*)[-*+]\s+parameters\s*:", re.IGNORECASE)
LIST_ITEM = re.compile(r"^(\s*)[-*+]\s+([^\s:]+)\s*:")
THROWS_LINE = re.compile(r"^\s*[-*+]\s+throws\s*:", re.IGNORECASE)


def documented_parameters(comment: list[str]) -> list[str]:
    """The names a comment documents: `- Parameter x:` lines, and the items of a
    `- Parameters:` list (items indented more than the list's own dash)."""
    names = []
    list_indent = None
    for line in comment:
        single = PARAMETER_LINE.match(line)
        header = PARAMETERS_HEADER.match(line)
        item = LIST_ITEM.match(line)
        if single:
            names.append(single.group(1))
            list_indent = None
        elif header:
            list_indent = len(header.group(1))
        elif item and list_indent is not None and len(item.group(1)) > list_indent:
            names.append(item.group(2))
        elif item and list_indent is not None:
            list_indent = None
    return names


def problems(declaration: Declaration, comment: list[str] | None) -> list[str]:
    if comment is None:
        return ["no doc comment"]
    found = []
    documented = documented_parameters(comment)
    for parameter in declaration.parameters:
        if parameter not in documented:
            found.append(f"missing - Parameter {parameter}")
    for name in documented:
        if name not in declaration.parameters:
            found.append(f"documents - Parameter {name}, which is not a parameter")
    if declaration.throws and not any(THROWS_LINE.match(line) for line in comment):
        found.append("missing - Throws")
    return found


# Running ---------------------------------------------------------------------------------


def check_file(path: pathlib.Path) -> list[str]:
    text = path.read_text()
    lines = text.splitlines()
    report = []
    for declaration, start_line, public in declarations(tokenize(text)):
        if not public or declaration.name in INHERITED_DOC_MEMBERS:
            continue
        for problem in problems(declaration, doc_comment(lines, start_line)):
            report.append(f"{path}:{declaration.line}: {declaration.name}: {problem}")
    return report


def main(arguments: list[str]) -> int:
    folders = arguments or DEFAULT_FOLDERS
    report = []
    for folder in folders:
        if not pathlib.Path(folder).is_dir():
            print(f"no folder {folder}", file=sys.stderr)
            return 2
        for path in sorted(pathlib.Path(folder).rglob("*.swift")):
            report.extend(check_file(path))
    for line in report:
        print(line)
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
