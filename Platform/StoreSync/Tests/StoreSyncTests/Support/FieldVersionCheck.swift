import Foundation
import StoreSyncTesting

@testable import OpenSwiftData
@testable import StoreSync

/// Compares the field versions a store noted for its records (``RecordVersions``) with the
/// server's.
enum FieldVersionCheck {
    /// Compares the versions `container`'s store noted with those of the server's live
    /// records (in `table` of `url`): a live record the store holds must be noted with the
    /// server's versions, and a record noted must be live on the server. Returns how many
    /// records were compared, and one line per record that differs.
    static func compare(_ container: ModelContainer, table: String, url: String) async throws
        -> (compared: Int, differences: [String])
    {
        let (noted, held) = try await container.readSyncMetadata { metadata in
            var held: Set<String> = []
            for entity in container.schema.entities {
                held.formUnion(try metadata.recordNames(ofEntity: entity.name).values)
            }
            return (try metadata.allRecordVersions(), held)
        }
        var server: [String: [String: String]] = [:]
        for row in try await TestPostgres.execute(
            "SELECT record_name::text, field_versions::text FROM \(table) WHERE NOT deleted", on: url)
        {
            let (name, text) = try row.decode((String, String).self)
            server[name.uppercased()] = RecordVersions.read(text) ?? [:]
        }
        var differences: [String] = []
        let compared = Set(noted.keys).union(server.keys.filter(held.contains)).sorted()
        for name in compared {
            let here = noted[name].flatMap(RecordVersions.read)
            if here != server[name] {
                differences.append(
                    "\(name): noted \(here.map { "\($0.sorted { $0.key < $1.key })" } ?? "nothing"), "
                        + "the server \(server[name].map { "\($0.sorted { $0.key < $1.key })" } ?? "has no live record")"
                )
            }
        }
        return (compared.count, differences)
    }
}
