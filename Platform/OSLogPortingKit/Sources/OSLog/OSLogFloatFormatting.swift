import Foundation

/// How an interpolated floating-point value is written, as Apple's `OSLogFloatFormatting`:
/// `"\(price, format: .fixed(precision: 2))"`. The output is printf's for the matching format
/// (`%.2f`, `%e`, `%g`, `%a`), so `.fixed` without a precision writes six decimals.
public struct OSLogFloatFormatting: Sendable, Equatable {
    let conversion: Character
    let precision: Int?
    let explicitPositiveSign: Bool
    let uppercase: Bool

    /// Decimal notation (`%f`), `precision` digits after the point.
    public static func fixed(precision: Int, explicitPositiveSign: Bool = false, uppercase: Bool = false)
        -> OSLogFloatFormatting
    {
        OSLogFloatFormatting(
            conversion: "f", precision: precision, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    /// Decimal notation (`%f`), six digits after the point.
    public static func fixed(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting(
            conversion: "f", precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    /// Decimal notation (`%f`), six digits after the point.
    public static var fixed: OSLogFloatFormatting { fixed() }

    /// Hexadecimal notation (`%a`).
    public static func hex(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting(
            conversion: "a", precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    /// Hexadecimal notation (`%a`).
    public static var hex: OSLogFloatFormatting { hex() }

    /// Scientific notation (`%e`), `precision` digits after the point.
    public static func exponential(precision: Int, explicitPositiveSign: Bool = false, uppercase: Bool = false)
        -> OSLogFloatFormatting
    {
        OSLogFloatFormatting(
            conversion: "e", precision: precision, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    /// Scientific notation (`%e`).
    public static func exponential(explicitPositiveSign: Bool = false, uppercase: Bool = false)
        -> OSLogFloatFormatting
    {
        OSLogFloatFormatting(
            conversion: "e", precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    /// Scientific notation (`%e`).
    public static var exponential: OSLogFloatFormatting { exponential() }

    /// Decimal or scientific notation, whichever is shorter (`%g`), `precision` significant digits.
    public static func hybrid(precision: Int, explicitPositiveSign: Bool = false, uppercase: Bool = false)
        -> OSLogFloatFormatting
    {
        OSLogFloatFormatting(
            conversion: "g", precision: precision, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    /// Decimal or scientific notation, whichever is shorter (`%g`).
    public static func hybrid(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting(
            conversion: "g", precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    /// Decimal or scientific notation, whichever is shorter (`%g`).
    public static var hybrid: OSLogFloatFormatting { hybrid() }

    /// `value` written with printf. The format is made here from fixed parts only.
    func format(_ value: Double) -> String {
        var specification = "%"
        if explicitPositiveSign { specification += "+" }
        if let precision { specification += ".\(max(0, precision))" }
        specification += uppercase ? conversion.uppercased() : String(conversion)
        return String(format: specification, value)
    }
}
