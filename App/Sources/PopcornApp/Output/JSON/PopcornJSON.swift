import Foundation

/// How `popcorn --json` writes its output, and how a Swift program reads it back.
///
/// Every command prints one JSON object (never a bare array, so that fields can be added
/// without breaking a script), with camelCase keys in sorted order; numbers are JSON
/// numbers, absent values `null`, instants ISO 8601 date-times in UTC
/// (`2026-11-22T10:15:00Z`) and calendar days ISO 8601 dates (``CalendarDay``). Each
/// command's shape is a `…JSON` type of this folder, shown in the README.
///
/// ```swift
/// let page = try PopcornJSON.decoder().decode(MovieListJSON.self, from: output)
/// ```
///
/// A new command's output is a new `…JSON` type in this folder (optional properties
/// `@Nullable`, so that they are written as `null`), an example in the README under a
/// `<!-- json: TypeName -->` comment, and the type in `JSONContract.types` of the
/// integration tests, which fail until all three agree.
public enum PopcornJSON {
    /// The encoder `--json` writes with.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// A decoder for what `--json` writes.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
