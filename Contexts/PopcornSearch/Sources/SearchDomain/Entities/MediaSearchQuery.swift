import Foundation

/// A search query that is not empty: the text with leading and trailing white space
/// removed.
///
/// ```swift
/// let query = try MediaSearchQuery("  fight club ")  // query.text == "fight club"
/// _ = try MediaSearchQuery("   ")                  // throws MediaSearchError.emptyQuery
/// ```
public struct MediaSearchQuery: Hashable, Sendable, CustomStringConvertible {
    /// The trimmed text; never empty.
    public let text: String

    /// Validates and trims `rawText`.
    ///
    /// - Throws: ``MediaSearchError/emptyQuery`` when nothing but white space is left.
    public init(_ rawText: String) throws(MediaSearchError) {
        let trimmed = rawText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .emptyQuery }
        text = trimmed
    }

    public var description: String { text }
}
