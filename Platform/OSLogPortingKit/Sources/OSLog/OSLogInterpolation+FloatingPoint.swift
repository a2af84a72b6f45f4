import Foundation

// One overload per type, as Apple declares them (see the integers' file). Values are
// formatted as `Double`, which holds every `Float` and `CGFloat` exactly.
extension OSLogInterpolation {
    mutating func appendFloatingPoint<T: BinaryFloatingPoint>(
        _ number: @escaping () -> T, format: OSLogFloatFormatting, align: OSLogStringAlignment,
        privacy: OSLogPrivacy
    ) {
        append(isScalar: true, privacy: privacy, align: align) { format.format(Double(number())) }
    }

    /// Appends a `Double`, public under `.auto`. `.fixed`, the default, writes six decimals.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Double,
        format: OSLogFloatFormatting = .fixed,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        appendFloatingPoint(number, format: format, align: align, privacy: privacy)
    }

    /// Appends a `Float`, public under `.auto`. `.fixed`, the default, writes six decimals.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Float,
        format: OSLogFloatFormatting = .fixed,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        appendFloatingPoint(number, format: format, align: align, privacy: privacy)
    }

    /// Appends a `CGFloat`, public under `.auto`. `.fixed`, the default, writes six decimals.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> CGFloat,
        format: OSLogFloatFormatting = .fixed,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        appendFloatingPoint(number, format: format, align: align, privacy: privacy)
    }
}
