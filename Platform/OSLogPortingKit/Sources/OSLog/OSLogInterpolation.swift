/// The interpolations of an `OSLogMessage`, as Apple's `OSLogInterpolation`. Its
/// `appendInterpolation` overloads, one file per kind of value, are Apple's.
public struct OSLogInterpolation: StringInterpolationProtocol {
    enum Piece {
        case literal(String)
        case argument(Argument)
    }

    /// An interpolated value, formatted only when the message is logged.
    struct Argument {
        let format: () -> String
        /// Numbers and booleans, which `.auto` shows.
        let isScalar: Bool
        let privacy: OSLogPrivacy
        let align: OSLogStringAlignment

        func rendered(privateData: OSLogPrivateData) -> String {
            align.apply(to: privacy.display(format(), isScalar: isScalar, privateData: privateData))
        }
    }

    private(set) var pieces: [Piece] = []

    /// An empty interpolation.
    public init(literalCapacity: Int, interpolationCount: Int) {
        pieces.reserveCapacity(interpolationCount * 2 + 1)
    }

    /// Appends the literal text between interpolations.
    public mutating func appendLiteral(_ literal: String) {
        pieces.append(.literal(literal))
    }

    mutating func append(
        isScalar: Bool, privacy: OSLogPrivacy, align: OSLogStringAlignment = .none,
        _ format: @escaping () -> String
    ) {
        pieces.append(.argument(Argument(format: format, isScalar: isScalar, privacy: privacy, align: align)))
    }
}
