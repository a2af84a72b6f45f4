import Foundation

/// The benchmark's figures as the Markdown table of BENCHMARKS.md, which
/// Scripts/bench-postgres.sh writes there from the run.
struct ResultsTable {
    private var rows: [String] = []

    /// A row: what was measured, the figure, the baseline of the same run, their ratio, the
    /// target.
    mutating func add(_ what: String, _ measured: String, baseline: String, ratio: String, target: String) {
        rows.append("| \(what) | \(measured) | \(baseline) | \(ratio) | \(target) |")
    }

    /// Writes the table to `path`, if given.
    func write(to path: String?) throws {
        guard let path else { return }
        let header = [
            "| what | the store | baseline, same run | ratio | target |", "|---|---|---|---|---|",
        ]
        try Data(((header + rows).joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Seconds as the table prints them: milliseconds below ten seconds.
    static func seconds(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f ms", value * 1000) : String(format: "%.2f s", value)
    }

    /// "met" or "not met in this run".
    static func verdict(_ met: Bool) -> String { met ? "met" : "not met in this run" }
}
