// Linux's Foundation declares `DateComponentsFormatter` unavailable ("Not supported in
// swift-corelibs-foundation"). This one shadows it in a project's files (a module's declarations
// shadow those of the modules it imports), for the models that format a duration with it: the
// positional style only (`1:01:01`), Apple's default; the other styles are written positionally
// too, which a test comparing their text shows as a failure.
import Foundation

open class DateComponentsFormatter {
    /// Apple's options for the zero units; `pad` and the `drop…` ones are read.
    public struct ZeroFormattingBehavior: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let `default` = ZeroFormattingBehavior([])
        public static let dropLeading = ZeroFormattingBehavior(rawValue: 1 << 0)
        public static let dropMiddle = ZeroFormattingBehavior(rawValue: 1 << 1)
        public static let dropTrailing = ZeroFormattingBehavior(rawValue: 1 << 2)
        public static let dropAll: ZeroFormattingBehavior = [.dropLeading, .dropMiddle, .dropTrailing]
        public static let pad = ZeroFormattingBehavior(rawValue: 1 << 16)
    }

    public enum UnitsStyle: Int, Sendable { case positional, abbreviated, short, full, spellOut, brief }

    open var allowedUnits: NSCalendar.Unit = [.hour, .minute, .second]
    open var zeroFormattingBehavior: ZeroFormattingBehavior = .default
    open var unitsStyle: UnitsStyle = .positional

    public init() {}

    /// `ti` as `h:mm:ss` over the allowed units (days, hours, minutes, seconds): the first unit
    /// unpadded, the others on two digits; leading zero units dropped unless `pad`.
    open func string(from ti: TimeInterval) -> String? {
        guard ti.isFinite else { return nil }
        let units: [(NSCalendar.Unit, Int)] = [(.day, 86_400), (.hour, 3_600), (.minute, 60), (.second, 1)]
        let allowed = units.filter { allowedUnits.contains($0.0) }
        guard !allowed.isEmpty else { return nil }
        var remaining = Int(ti.magnitude.rounded())
        var values = allowed.map { unit -> Int in
            let value = remaining / unit.1
            remaining -= value * unit.1
            return value
        }
        // What the smallest unit could not hold goes to it (rounded seconds are exact here).
        values[values.count - 1] += remaining / allowed[allowed.count - 1].1
        if !zeroFormattingBehavior.contains(.pad) {
            // Positional: leading zero units go, down to minutes and seconds.
            while values.count > 2, values[0] == 0 { values.removeFirst() }
        }
        let text = values.enumerated().map { index, value in
            index == 0 ? String(value) : (value < 10 ? "0\(value)" : String(value))
        }.joined(separator: ":")
        return ti < 0 ? "-" + text : text
    }
}
