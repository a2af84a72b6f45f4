import Foundation
import PopcornApp
import Testing

/// The `--json` contract: each command's output type, and the README's example of it.
///
/// The README shows each shape under a `<!-- json: TypeName -->` comment followed by a
/// JSON block. Output is decoded into its type (so types, dates and every key are
/// checked) and compared by shape with the example (so that a key added, removed or
/// renamed in a type fails until the README shows it).
struct JSONContract {
    /// Every `--json` type by the name the README gives it. A new command's output type
    /// is added here and to the README.
    static var types: [String: any Decodable.Type] {
        [
            "MovieListJSON": MovieListJSON.self,
            "MovieDetailsJSON": MovieDetailsJSON.self,
            "TVSeriesDetailsJSON": TVSeriesDetailsJSON.self,
            "TVSeasonJSON": TVSeasonJSON.self,
            "DiscoverMoviesJSON": DiscoverMoviesJSON.self,
            "DiscoverTVSeriesJSON": DiscoverTVSeriesJSON.self,
            "SearchJSON": SearchJSON.self,
            "HistoryJSON": HistoryJSON.self,
            "HistoryClearedJSON": HistoryClearedJSON.self,
            "WatchlistJSON": WatchlistJSON.self,
            "WatchlistAddedJSON": WatchlistAddedJSON.self,
            "WatchlistRemovedJSON": WatchlistRemovedJSON.self,
            "StoresStatusJSON": StoresStatusJSON.self,
            "StoresCheckJSON": StoresCheckJSON.self,
            "StoresMigrateJSON": StoresMigrateJSON.self,
            "StoreBackupJSON": StoreBackupJSON.self,
            "StoreRestoreJSON": StoreRestoreJSON.self,
            "CachesResetJSON": CachesResetJSON.self,
            "SyncResultJSON": SyncResultJSON.self,
            "SyncStatusJSON": SyncStatusJSON.self,
        ]
    }

    /// The repository's README: Tests/PopcornIntegrationTests/<this file> is three levels down.
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "README.md")

    /// The README's examples by type name, as text.
    let examples: [String: String]

    init() throws {
        let lines = try String(contentsOf: Self.readme, encoding: .utf8).components(separatedBy: "\n")
        var examples: [String: String] = [:]
        for (index, line) in lines.enumerated() {
            guard line.hasPrefix("<!-- json: "), line.hasSuffix(" -->") else { continue }
            let name = String(line.dropFirst("<!-- json: ".count).dropLast(" -->".count))
            try #require(lines[index + 1] == "```json", "the example of \(name) follows its comment")
            let end = try #require(lines[(index + 2)...].firstIndex(of: "```"), "the example of \(name) ends")
            examples[name] = lines[(index + 2)..<end].joined(separator: "\n")
        }
        self.examples = examples
    }

    /// Decodes `output` as `type`, named `name` in the README, and expects its shape to
    /// be the README example's and every key, at any depth, in camelCase.
    func decode<T: Decodable>(
        _ name: String, as type: T.Type, from output: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        let registered = try #require(Self.types[name], "\(name) is a --json type", sourceLocation: sourceLocation)
        #expect(ObjectIdentifier(registered) == ObjectIdentifier(T.self), sourceLocation: sourceLocation)
        let example = try #require(examples[name], "the README shows \(name)", sourceLocation: sourceLocation)
        let document = try JSONValue(parsing: output)
        let differences = document.shapeDifferences(from: try JSONValue(parsing: example))
        #expect(
            differences.isEmpty, "\(name) differs from the README's example: \(differences)",
            sourceLocation: sourceLocation)
        let outOfStyle = document.keysOutOfStyle()
        #expect(
            outOfStyle.isEmpty, "\(name) has keys that are not camelCase: \(outOfStyle)", sourceLocation: sourceLocation
        )
        return try PopcornJSON.decoder().decode(T.self, from: Data(output.utf8))
    }
}
