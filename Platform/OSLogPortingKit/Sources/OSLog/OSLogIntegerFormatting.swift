/// How an interpolated integer is written, as Apple's `OSLogIntegerFormatting`:
/// `"\(flags, format: .hex(includePrefix: true, minDigits: 4))"`. The output is printf's for
/// the matching format (`%+.4d`, `%#.4x`, `%#o`).
public struct OSLogIntegerFormatting: Sendable, Equatable {
    let radix: Int
    let explicitPositiveSign: Bool
    let includePrefix: Bool
    let uppercase: Bool
    let minDigits: Int

    /// Base 10, `+` before positive signed values if asked, zeros before the digits up to `minDigits`.
    public static func decimal(explicitPositiveSign: Bool = false, minDigits: Int) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(
            radix: 10, explicitPositiveSign: explicitPositiveSign, includePrefix: false, uppercase: false,
            minDigits: minDigits)
    }

    /// Base 10, `+` before positive signed values if asked.
    public static func decimal(explicitPositiveSign: Bool = false) -> OSLogIntegerFormatting {
        decimal(explicitPositiveSign: explicitPositiveSign, minDigits: 1)
    }

    /// Base 10.
    public static var decimal: OSLogIntegerFormatting { decimal(explicitPositiveSign: false) }

    /// Base 16 of the value's bits (a negative value in two's complement), `0x` before a
    /// non-zero value if asked, zeros before the digits up to `minDigits`.
    public static func hex(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false, minDigits: Int
    ) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(
            radix: 16, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
            uppercase: uppercase, minDigits: minDigits)
    }

    /// Base 16 of the value's bits, `0x` before a non-zero value if asked.
    public static func hex(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false
    ) -> OSLogIntegerFormatting {
        hex(
            explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix, uppercase: uppercase, minDigits: 1
        )
    }

    /// Base 16 of the value's bits.
    public static var hex: OSLogIntegerFormatting { hex() }

    /// Base 8 of the value's bits, a leading `0` if asked, zeros before the digits up to `minDigits`.
    public static func octal(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false, minDigits: Int
    ) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(
            radix: 8, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
            uppercase: uppercase, minDigits: minDigits)
    }

    /// Base 8 of the value's bits, a leading `0` if asked.
    public static func octal(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false
    ) -> OSLogIntegerFormatting {
        octal(
            explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix, uppercase: uppercase,
            minDigits: 1)
    }

    /// Base 8 of the value's bits.
    public static var octal: OSLogIntegerFormatting { octal() }

    /// `value` written as printf writes it: the sign flag applies to signed decimals only, as
    /// printf ignores it for unsigned conversions.
    func format<T: FixedWidthInteger>(_ value: T) -> String {
        if radix == 10 {
            let sign = value < 0 ? "-" : (explicitPositiveSign && T.isSigned ? "+" : "")
            return sign + padded(String(value.magnitude))
        }
        let digits = padded(String(T.Magnitude(truncatingIfNeeded: value), radix: radix, uppercase: uppercase))
        guard includePrefix else { return digits }
        if radix == 16 { return value == 0 ? digits : (uppercase ? "0X" : "0x") + digits }
        return digits.hasPrefix("0") ? digits : "0" + digits
    }

    private func padded(_ digits: String) -> String {
        String(repeating: "0", count: max(0, minDigits - digits.count)) + digits
    }
}
