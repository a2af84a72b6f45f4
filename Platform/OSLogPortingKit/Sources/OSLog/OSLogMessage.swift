/// A log message, as Apple's `OSLogMessage`: a string literal, with interpolations that can
/// say how private each value is and how it is formatted. Its values are read only if the
/// message is logged.
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    let interpolation: OSLogInterpolation

    /// A message with interpolated values.
    public init(stringInterpolation: OSLogInterpolation) {
        self.interpolation = stringInterpolation
    }

    /// A message without interpolated values.
    public init(stringLiteral value: String) {
        var interpolation = OSLogInterpolation(literalCapacity: value.utf8.count, interpolationCount: 0)
        interpolation.appendLiteral(value)
        self.interpolation = interpolation
    }

    /// The text the log writes: the literals, and each value formatted, aligned and redacted.
    func rendered(privateData: OSLogPrivateData) -> String {
        interpolation.pieces.map { piece in
            switch piece {
            case .literal(let text): text
            case .argument(let argument): argument.rendered(privateData: privateData)
            }
        }.joined()
    }
}
