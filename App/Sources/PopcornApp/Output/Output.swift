import Foundation

/// Writes a command's result: text for people, or with `--json` one JSON object for
/// scripts (``PopcornJSON``), and notes on standard error.
///
/// A command computes its whole result before writing it, so that a failure leaves
/// standard output empty, with or without `--json`.
struct Output: Sendable {
    let json: Bool

    /// Prints `value` as JSON with `--json`; otherwise runs `text`, which prints the
    /// same result for people.
    func result(_ value: some Encodable, text: () throws -> Void) throws {
        if json {
            let data = try PopcornJSON.encoder().encode(value)
            print(String(decoding: data, as: UTF8.self))
        } else {
            try text()
        }
    }

    /// Prints a table that fits the terminal.
    func table(_ table: Table) {
        print(table.render(width: TerminalWidth.current))
    }

    /// Prints `label  value` lines, the values aligned; empty values are left out.
    func record(_ fields: [(label: String, value: String)]) {
        let width = fields.map(\.label.count).max() ?? 0
        for field in fields where !field.value.isEmpty {
            print(field.label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + field.value)
        }
    }

    /// One line on standard error that is not a failure, such as that a store is
    /// read-only: `popcorn: note: …`.
    func note(_ text: String) {
        FileHandle.standardError.write(Data("popcorn: note: \(text)\n".utf8))
    }
}
