// One overload per type, as Apple declares them: a concrete type outranks the generic
// `CustomStringConvertible` overload, which would make numbers private under `.auto`.
extension OSLogInterpolation {
    mutating func appendInteger<T: FixedWidthInteger>(
        _ number: @escaping () -> T, format: OSLogIntegerFormatting, align: OSLogStringAlignment,
        privacy: OSLogPrivacy
    ) {
        append(isScalar: true, privacy: privacy, align: align) { format.format(number()) }
    }

    /// Appends an `Int`, public under `.auto`.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        appendInteger(number, format: format, align: align, privacy: privacy)
    }

    /// Appends an `Int8`, public under `.auto`.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int8,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        appendInteger(number, format: format, align: align, privacy: privacy)
    }

    /// Appends an `Int16`, public under `.auto`.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int16,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        appendInteger(number, format: format, align: align, privacy: privacy)
    }

    /// Appends an `Int32`, public under `.auto`.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int32,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        appendInteger(number, format: format, align: align, privacy: privacy)
    }

    /// Appends an `Int64`, public under `.auto`.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int64,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        appendInteger(number, format: format, align: align, privacy: privacy)
    }

    /// Appends an `UInt`, public under `.auto`.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> UInt,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        appendInteger(number, format: format, align: align, privacy: privacy)
    }

    /// Appends an `UInt8`, public under `.auto`.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> UInt8,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        appendInteger(number, format: format, align: align, privacy: privacy)
    }

    /// Appends an `UInt16`, public under `.auto`.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> UInt16,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        appendInteger(number, format: format, align: align, privacy: privacy)
    }

    /// Appends an `UInt32`, public under `.auto`.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> UInt32,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        appendInteger(number, format: format, align: align, privacy: privacy)
    }

    /// Appends an `UInt64`, public under `.auto`.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> UInt64,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        appendInteger(number, format: format, align: align, privacy: privacy)
    }
}
