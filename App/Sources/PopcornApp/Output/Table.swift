/// Rows under column headings, rendered to fit the terminal: the last flexible column
/// is shortened with "…" when a row would be too wide.
struct Table: Sendable {
    struct Column: Sendable {
        let title: String
        var alignRight = false
    }

    let columns: [Column]
    var rows: [[String]] = []

    init(_ columns: [Column]) {
        self.columns = columns
    }

    mutating func append(_ row: [String]) {
        rows.append(row)
    }

    func render(width: Int) -> String {
        var widths = columns.indices.map { index in
            max(columns[index].title.count, rows.map { $0[index].count }.max() ?? 0)
        }
        let separators = 2 * (columns.count - 1)
        let total = widths.reduce(0, +) + separators
        if total > width, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }) {
            widths[widest] = max(columns[widest].title.count, widths[widest] - (total - width))
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { index in
                let cell = fit(cells[index], widths[index])
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return columns[index].alignRight ? padding + cell : cell + padding
            }
            .joined(separator: "  ")
            .trimmingTrailingSpaces()
        }
        var lines = [line(columns.map(\.title))]
        lines += rows.map(line)
        return lines.joined(separator: "\n")
    }

    private func fit(_ text: String, _ width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(width)) }
        return String(text.prefix(width - 1)) + "…"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
