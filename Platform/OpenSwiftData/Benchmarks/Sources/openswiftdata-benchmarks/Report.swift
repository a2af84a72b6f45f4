import Foundation

/// The measurements of one workload, by implementation.
struct WorkloadResult {
    let spec: WorkloadSpec
    let results: [Implementation: Measurement]

    func ms(_ implementation: Implementation) -> Double? { results[implementation]?.milliseconds }

    /// OSD's time ÷ the implementation's.
    func ratio(to implementation: Implementation) -> Double? {
        guard let osd = ms(.osd), let other = ms(implementation), other > 0 else { return nil }
        return osd / other
    }

    /// Whether every implementation read or wrote the same thing.
    var checksAgree: Bool { Set(results.values.map(\.check)).count <= 1 }
}

/// One target judged: what it asks, what the run gave, whether it is met.
struct Verdict {
    let workload: String
    let target: Target
    /// The row of the table it belongs to: OSD's for absolute targets, the compared
    /// implementation's for relative ones.
    let row: Implementation
    let text: String
    /// What the run gave, for the summary under the table.
    let measured: String
    let met: Bool
}

/// The table `Scripts/bench.sh` prints (see BENCHMARKS.md, "Reading the table").
enum Report {
    static let header = ["workload", "implementation", "ms", "peak MB", "OSD vs it", "target", "met"]

    static func table(_ workloads: [WorkloadResult], scale: Scale, baselineKilobytes: Int) -> String {
        let judgements = workloads.flatMap { Report.verdicts(for: $0, all: workloads) }
        var rows = [header]
        for workload in workloads {
            let title = workload.spec.title(scale) + (workload.checksAgree ? "" : " (CHECKSUMS DIFFER)")
            for (index, contender) in workload.spec.contenders.enumerated() {
                let implementation = contender.implementation
                let judged = judgements.filter { $0.workload == workload.spec.name && $0.row == implementation }
                rows.append([
                    index == 0 ? title : "",
                    contender.label + (contender.role == .reference ? " (reference)" : ""),
                    format(workload.ms(implementation)),
                    megabytes(workload.results[implementation]),
                    implementation == .osd ? "" : comparison(workload, implementation),
                    judged.map { $0.text }.joined(separator: "; "),
                    judged.map { $0.met ? "yes" : "NO" }.joined(separator: "; "),
                ])
            }
        }
        var lines = aligned(rows)
        lines.append("")
        let current = judgements.filter { !$0.target.isReference }
        let missed = current.filter { !$0.met }.map { "\($0.workload) \($0.measured) (\($0.text))" }
        let tally = "Targets: \(current.count - missed.count) of \(current.count) met"
        lines.append(missed.isEmpty ? tally + "." : tally + "; not met: " + missed.joined(separator: ", ") + ".")
        lines.append(
            "Peak memory: VmHWM of a child process per workload and implementation (an idle child: "
                + "\(String(format: "%.1f", Double(baselineKilobytes) / 1024)) MB).")
        return lines.joined(separator: "\n")
    }

    /// How OSD compares with another implementation: its time ratio, and for the open
    /// workload the difference too.
    private static func comparison(_ workload: WorkloadResult, _ implementation: Implementation) -> String {
        guard let ratio = workload.ratio(to: implementation) else { return "–" }
        let text = String(format: "%.2f×", ratio)
        guard workload.spec.targets.contains(where: { if case .margin = $0.kind { true } else { false } }),
            let osd = workload.ms(.osd), let other = workload.ms(implementation)
        else { return text }
        return text + String(format: ", %+.2f ms", osd - other)
    }

    static func verdicts(for workload: WorkloadResult, all: [WorkloadResult]) -> [Verdict] {
        let osd = workload.ms(.osd) ?? .infinity
        let peak = Double(workload.results[.osd]?.peakKilobytes ?? .max) / 1024
        return workload.spec.targets.map { target in
            // The row it is printed on, what it asks, what the run gave, and whether that is enough.
            let (row, text, measured, met): (Implementation, String, String, Bool) =
                switch target.kind {
                case .ratio(let other, let limit):
                    (
                        other, "≤ \(number(limit))×",
                        String(format: "%.2f× %@", workload.ratio(to: other) ?? .infinity, other.rawValue),
                        (workload.ratio(to: other) ?? .infinity) <= limit
                    )
                case .margin(let other, let limit):
                    (
                        other, "≤ +\(number(limit)) ms",
                        String(format: "%+.2f ms over %@", osd - (workload.ms(other) ?? 0), other.rawValue),
                        osd - (workload.ms(other) ?? 0) <= limit
                    )
                case .time(let limit):
                    (.osd, "< \(number(limit)) ms", String(format: "%.3f ms", osd), osd < limit)
                case .peak(let limit):
                    (.osd, "≤ \(number(limit)) MB", String(format: "%.1f MB", peak), peak <= limit)
                case .near(let other, let limit):
                    (
                        .osd, "±\(number(limit)) ms of \(other)",
                        String(
                            format: "%.2f ms apart", abs(osd - (all.first { $0.spec.name == other }?.ms(.osd) ?? .nan))),
                        abs(osd - (all.first { $0.spec.name == other }?.ms(.osd) ?? .infinity)) <= limit
                    )
                }
            return Verdict(
                workload: workload.spec.name, target: target, row: row,
                text: text + (target.isReference ? " (reference)" : ""), measured: measured,
                met: met && workload.checksAgree)
        }
    }

    /// Markdown rows with padded columns, and the separator under the header.
    private static func aligned(_ rows: [[String]]) -> [String] {
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            "| "
                + row.indices.map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: " | ") + " |"
        }
        lines.insert("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|", at: 1)
        return lines
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private static func format(_ value: Double?) -> String {
        guard let value else { return "–" }
        return switch value {
        case 100...: String(format: "%.0f", value)
        case 1...: String(format: "%.2f", value)
        default: String(format: "%.4f", value)
        }
    }

    private static func megabytes(_ measurement: Measurement?) -> String {
        guard let measurement else { return "–" }
        return String(format: "%.1f", Double(measurement.peakKilobytes) / 1024)
    }
}
