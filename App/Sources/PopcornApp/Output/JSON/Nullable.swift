/// An optional property of a `--json` type that is written as `null` when it has no
/// value, rather than left out as Swift's synthesized `Encodable` does: every key of a
/// command's output is always there, so that a script can tell "no value" from "no such
/// field". Decoding requires the key too (its value may be `null`), so that a test that
/// decodes the output fails when a key goes missing.
///
/// ```swift
/// public struct MovieSummaryJSON: Codable {
///     @Nullable public var releaseDate: CalendarDay?
/// }
/// ```
@propertyWrapper
public struct Nullable<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}
