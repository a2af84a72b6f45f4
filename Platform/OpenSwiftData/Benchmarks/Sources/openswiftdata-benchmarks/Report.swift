import Foundation

/// The measurements of one workload, by implementation.
struct WorkloadResult {
    let name: String
    let results: [Implementation: Measurement]

    func ms(_ implementation: Implementation) -> Double? { results[implementation]?.milliseconds }

    func ratio(to implementation: Implementation) -> Double? {
        guard let osd = ms(.osd), let other = ms(implementation), other > 0 else { return nil }
        return osd / other
    }

    /// Whether every implementation read or wrote the same thing.
    var checksAgree: Bool { Set(results.values.map(\.check)).count <= 1 }
}

enum Report {
    static func table(_ workloads: [WorkloadResult], scale: Scale, baselineKilobytes: Int) -> String {
        let header = [
            "workload", "OSD ms", "GRDB ms", "C ms", "OSD÷GRDB", "OSD÷C", "OSD MB", "GRDB MB", "C MB", "target", "met",
        ]
        var rows = [header]
        for workload in workloads {
            let (target, met) = verdict(workload, all: workloads, scale: scale)
            rows.append([
                Workloads.label(workload.name, scale: scale) + (workload.checksAgree ? "" : " (CHECKSUMS DIFFER)"),
                format(workload.ms(.osd)), format(workload.ms(.grdb)), format(workload.ms(.c)),
                ratio(workload.ratio(to: .grdb)), ratio(workload.ratio(to: .c)),
                megabytes(workload.results[.osd]), megabytes(workload.results[.grdb]), megabytes(workload.results[.c]),
                target, met,
            ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            "| "
                + row.indices.map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: " | ") + " |"
        }
        lines.insert("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|", at: 1)
        lines.append("")
        lines.append(
            "Peak memory: VmHWM of a child process per workload and implementation (an idle child: "
                + "\(String(format: "%.1f", Double(baselineKilobytes) / 1024)) MB).")
        return lines.joined(separator: "\n")
    }

    private static func verdict(_ workload: WorkloadResult, all: [WorkloadResult], scale: Scale) -> (String, String) {
        let toGRDB = workload.ratio(to: .grdb) ?? .infinity
        let osd = workload.ms(.osd) ?? .infinity
        switch workload.name {
        case "insert", "fetch-all":
            return ("≤ 2× GRDB", yesNo(toGRDB <= 2))
        case "lookup":
            let each = osd / Double(scale.lookups)
            return (
                "≤ 2×, < 1 ms each (\(String(format: "%.3f", each)) ms)", yesNo(toGRDB <= 2 && each < 1)
            )
        case "open":
            let extra = osd - (workload.ms(.grdb) ?? 0)
            return ("≤ GRDB + 2 ms (+\(String(format: "%.3f", extra)) ms)", yesNo(extra <= 2))
        case "lightweight-large":
            let small = all.first { $0.name == "lightweight-small" }?.ms(.osd) ?? 0
            // "Independent of row count": within 10 ms of the same migration on a small table.
            return ("< 50 ms, ~ small-table time", yesNo(osd < 50 && abs(osd - small) < 10))
        case "lightweight-small", "lightweight-plan":
            return ("(reference)", "")
        case "custom":
            let peak = Double(workload.results[.osd]?.peakKilobytes ?? 0) / 1024
            return ("≤ 3× GRDB, ≤ 100 MB", yesNo(toGRDB <= 3 && peak <= 100))
        case "relationship":
            return ("≤ 3× GRDB join", yesNo(toGRDB <= 3))
        default:
            return ("", "")
        }
    }

    private static func yesNo(_ value: Bool) -> String { value ? "yes" : "NO" }

    private static func format(_ value: Double?) -> String {
        guard let value else { return "–" }
        return value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
    }

    private static func ratio(_ value: Double?) -> String {
        guard let value else { return "–" }
        return String(format: "%.2f×", value)
    }

    private static func megabytes(_ measurement: Measurement?) -> String {
        guard let measurement else { return "–" }
        return String(format: "%.1f", Double(measurement.peakKilobytes) / 1024)
    }
}
