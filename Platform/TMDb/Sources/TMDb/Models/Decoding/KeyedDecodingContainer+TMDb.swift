import Foundation

/// Lenient decoding helpers for the inconsistencies of TMDb responses.
///
/// Absent keys and `null` become the fallback; a value of the wrong JSON type still
/// throws, so malformed responses are reported with their coding path.
extension KeyedDecodingContainer {
    /// Decodes a value, using `fallback` when the key is absent or `null`.
    func tmdbDecode<T: Decodable>(_ type: T.Type, forKey key: Key, default fallback: T) throws -> T {
        try decodeIfPresent(type, forKey: key) ?? fallback
    }

    /// Decodes a string that may be absent, `null` or `""`; all three become `nil`.
    func tmdbOptionalString(forKey key: Key) throws -> String? {
        guard let value = try decodeIfPresent(String.self, forKey: key), !value.isEmpty else { return nil }
        return value
    }

    /// Decodes a string that may be absent or `null`; both become `""`.
    func tmdbString(forKey key: Key) throws -> String {
        try decodeIfPresent(String.self, forKey: key) ?? ""
    }

    /// Decodes a TMDb date (`"yyyy-MM-dd"` or an ISO 8601 timestamp).
    ///
    /// Absent, `null` and `""` become `nil`; any other unparseable string throws
    /// `DecodingError.dataCorrupted` naming the key.
    func tmdbDate(forKey key: Key) throws -> Date? {
        guard let value = try decodeIfPresent(String.self, forKey: key) else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        guard let date = TMDbDateParser.parse(trimmed) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected a date like yyyy-MM-dd, got \"\(value)\"")
        }
        return date
    }
}
