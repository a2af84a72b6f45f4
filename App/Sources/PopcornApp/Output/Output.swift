import Foundation

/// Writes a command's result: a table for people, or JSON for scripts.
struct Output: Sendable {
    let json: Bool

    /// Prints a table (or, with `--json`, the rows as JSON objects).
    func table(_ table: Table) {
        if json {
            let objects = table.rows.map { row in
                Dictionary(uniqueKeysWithValues: zip(table.keys, row))
            }
            printJSON(objects)
        } else {
            print(table.render(width: TerminalWidth.current))
        }
    }

    /// Prints one record: `key: value` lines, or a JSON object.
    func record(_ fields: [(key: String, label: String, value: String)]) {
        if json {
            printJSON(Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
        } else {
            let width = fields.map(\.label.count).max() ?? 0
            for field in fields where !field.value.isEmpty {
                print(field.label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + field.value)
            }
        }
    }

    /// Prints a short message (or `{"message": …}`).
    func message(_ text: String) {
        if json {
            printJSON(["message": text])
        } else {
            print(text)
        }
    }

    func printJSON(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(value) {
            print(String(decoding: data, as: UTF8.self))
        }
    }
}
