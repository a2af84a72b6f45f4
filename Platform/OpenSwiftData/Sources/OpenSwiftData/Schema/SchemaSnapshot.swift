import Foundation

/// How a schema version stores its models, as JSON that can be committed beside the
/// code: when a shipped model changes without a new version, its snapshot no longer
/// matches, and a test can say so before users' stores meet the change.
public struct SchemaSnapshot: Equatable, Sendable {
    /// The version whose shapes the snapshot holds.
    public let version: Schema.Version
    let shapes: [String: EntityShape]

    private struct Document: Codable {
        var version: String
        var entities: [EntityShape]
    }

    /// The snapshot of a schema.
    ///
    /// - Parameter schema: The schema.
    public init(_ schema: Schema) {
        version = schema.version
        shapes = schema.layout.shapes
    }

    /// The snapshot of a version of a versioned schema.
    ///
    /// - Parameter versionedSchema: The version.
    public init(_ versionedSchema: any VersionedSchema.Type) {
        self.init(Schema(versionedSchema: versionedSchema))
    }

    /// Reads a snapshot written by ``jsonData()``.
    ///
    /// - Parameter json: The JSON ``jsonData()`` wrote.
    /// - Throws: `DecodingError` when `json` is not such a document; ``SwiftDataError`` when
    ///   its version is not `major.minor.patch`.
    public init(json: Data) throws {
        let document = try JSONDecoder().decode(Document.self, from: json)
        guard let version = Schema.Version(document.version) else {
            throw SwiftDataError.invalidModel(entity: "snapshot", reason: "'\(document.version)' is not a version")
        }
        self.version = version
        self.shapes = Dictionary(document.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Pretty-printed JSON with sorted keys, stable from run to run.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let document = Document(
            version: version.description, entities: shapes.values.sorted { $0.name < $1.name })
        return (try? encoder.encode(document)) ?? Data()
    }

    /// What differs between this snapshot (the current models) and an earlier one, one
    /// line per change; empty when the models are stored the same way.
    ///
    /// - Parameter earlier: The snapshot to compare with, such as the one committed for the
    ///   version.
    public func differences(from earlier: SchemaSnapshot) -> [String] {
        var result: [String] = []
        if version != earlier.version {
            result.append("version \(earlier.version) became \(version)")
        }
        for name in shapes.keys.sorted() {
            guard let shape = shapes[name] else { continue }
            guard let old = earlier.shapes[name] else {
                result.append("entity \(name) was added")
                continue
            }
            result += shape.differences(from: old)
        }
        for name in earlier.shapes.keys.sorted() where shapes[name] == nil {
            result.append("entity \(name) was removed")
        }
        return result
    }
}
