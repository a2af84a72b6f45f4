import Foundation

/// The benchmark's figures as the Markdown table of BENCHMARKS.md, which Scripts/bench-sync.sh
/// writes there from the run (`STORESYNC_BENCH_TABLE` names the file to write).
struct ResultsTable {
    private var rows: [String] = []

    /// A row: what was measured, the figure, the baseline of the same run, the target.
    mutating func add(_ what: String, _ measured: String, baseline: String = "", target: String = "") {
        rows.append("| \(what) | \(measured) | \(baseline) | \(target) |")
    }

    /// Writes the table to the file `STORESYNC_BENCH_TABLE` names, if it is set.
    func write() throws {
        guard let path = ProcessInfo.processInfo.environment["STORESYNC_BENCH_TABLE"] else { return }
        let table = (["| what | measured | baseline, same run | target |", "|---|---|---|---|"] + rows)
            .joined(separator: "\n")
        try Data((table + "\n").utf8).write(to: URL(fileURLWithPath: path))
    }

    /// `number` with thousands separated by commas, as the tables print counts.
    static func count(_ number: Double) -> String {
        let digits = String(Int(number.rounded()))
        var grouped = ""
        for (index, digit) in digits.reversed().enumerated() {
            if index > 0 && index % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return String(grouped.reversed())
    }

    /// "met" or "not met in this run".
    static func verdict(_ met: Bool) -> String { met ? "met" : "not met in this run" }
}
