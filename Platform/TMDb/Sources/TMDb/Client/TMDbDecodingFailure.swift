/// Where and why a TMDb response could not be decoded.
public struct TMDbDecodingFailure: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The path to the offending value, e.g. `results[3].release_date`; empty for the root.
    public let codingPath: String
    /// The offending field name, e.g. `release_date`; `nil` when the root is at fault.
    public let field: String?
    /// What was wrong.
    public let detail: String

    /// Creates a failure.
    public init(codingPath: String, field: String?, detail: String) {
        self.codingPath = codingPath
        self.field = field
        self.detail = detail
    }

    public var description: String {
        codingPath.isEmpty ? detail : "\(codingPath): \(detail)"
    }
}

extension TMDbDecodingFailure {
    /// Converts a `DecodingError` into a failure with a readable coding path.
    init(_ error: any Error) {
        guard let decodingError = error as? DecodingError else {
            self.init(codingPath: "", field: nil, detail: String(describing: error))
            return
        }
        let path: [any CodingKey]
        let detail: String
        switch decodingError {
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
            detail = "required field is missing"
        case .valueNotFound(let type, let context):
            path = context.codingPath
            detail = "expected \(type) but found null"
        case .typeMismatch(let type, let context):
            path = context.codingPath
            detail = "expected \(type): \(context.debugDescription)"
        case .dataCorrupted(let context):
            path = context.codingPath
            detail = context.debugDescription
        @unknown default:
            path = []
            detail = String(describing: decodingError)
        }
        let field = path.last { $0.intValue == nil }?.stringValue
        self.init(codingPath: Self.format(path), field: field, detail: detail)
    }

    /// Formats `[results, Index 3, release_date]` as `results[3].release_date`.
    static func format(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
