import Foundation

/// A C format string as `os_log` takes it, parsed into literal text and conversion
/// specifications: `%{public}@`, `%{private, mask.hash}s`, `%-8.*f`, `%lld`, `%%`.
struct PrintfFormat: Equatable {
    /// A width or precision: absent, written in the format, or taken from the arguments (`*`).
    enum Count: Equatable {
        case none
        case fixed(Int)
        case argument
    }

    /// One `%…` specification.
    struct Specification: Equatable {
        /// The words between braces, as `public` and `mask.hash` in `%{public, mask.hash}@`.
        var annotations: [String] = []
        var flags = ""
        var width = Count.none
        var precision = Count.none
        var length = ""
        var conversion: Character = "@"
        /// The specification as written, which a missing argument leaves in the text.
        var text = ""
    }

    enum Piece: Equatable {
        case literal(String)
        case specification(Specification)
    }

    private(set) var pieces: [Piece] = []

    static let conversions: Set<Character> = Set("diouxXDOUeEfFgGaAcCsSp@")
    private static let flagCharacters: Set<Character> = Set("-+ #0'")
    private static let lengths = ["hh", "ll", "h", "l", "j", "z", "t", "L", "q"]

    /// The format parsed. Text that is not a complete specification (a `%` at the end, an
    /// unknown conversion) stays literal.
    init(_ format: String) {
        var rest = Substring(format)
        var literal = ""
        while let percent = rest.firstIndex(of: "%") {
            literal += rest[..<percent]
            rest = rest[percent...]
            if rest.hasPrefix("%%") {
                literal += "%"
                rest = rest.dropFirst(2)
            } else if let (specification, after) = Self.specification(at: rest) {
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.specification(specification))
                rest = after
            } else {
                literal += "%"
                rest = rest.dropFirst()
            }
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.literal(literal)) }
    }

    /// The specification `text` starts with (at its `%`), and the text after it.
    private static func specification(at text: Substring) -> (Specification, Substring)? {
        var rest = text.dropFirst()
        var specification = Specification()
        if rest.first == "{" {
            guard let close = rest.firstIndex(of: "}") else { return nil }
            specification.annotations = rest[rest.index(after: rest.startIndex)..<close]
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            rest = rest[rest.index(after: close)...]
        }
        while let flag = rest.first, flagCharacters.contains(flag) {
            specification.flags.append(flag)
            rest = rest.dropFirst()
        }
        specification.width = count(in: &rest)
        if rest.first == "." {
            rest = rest.dropFirst()
            let precision = count(in: &rest)
            specification.precision = precision == .none ? .fixed(0) : precision
        }
        if let length = lengths.first(where: { rest.hasPrefix($0) }) {
            specification.length = length
            rest = rest.dropFirst(length.count)
        }
        guard let conversion = rest.first, conversions.contains(conversion) else { return nil }
        specification.conversion = conversion
        rest = rest.dropFirst()
        specification.text = String(text[..<rest.startIndex])
        return (specification, rest)
    }

    private static func count(in rest: inout Substring) -> Count {
        if rest.first == "*" {
            rest = rest.dropFirst()
            return .argument
        }
        let digits = rest.prefix(while: \.isASCII).prefix(while: \.isNumber)
        guard let value = Int(digits) else { return .none }
        rest = rest.dropFirst(digits.count)
        return .fixed(value)
    }
}
