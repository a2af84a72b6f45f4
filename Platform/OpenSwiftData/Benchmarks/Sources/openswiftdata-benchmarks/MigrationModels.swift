import Foundation
import OpenSwiftData

/// The entity of the migration workloads, before: no `note`.
enum EntriesV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Entry.self]

    @Model
    final class Entry {
        #Index<Entry>([\.number])
        var number: Int
        var title: String

        init(number: Int, title: String) {
            self.number = number
            self.title = title
        }
    }
}

/// After: an optional `note`.
enum EntriesV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Entry.self]

    @Model
    final class Entry {
        #Index<Entry>([\.number])
        var number: Int
        var title: String
        var note: String?

        init(number: Int, title: String) {
            self.number = number
            self.title = title
        }
    }
}

/// Stamps a new store with version 1.
enum EntriesV1Plan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [EntriesV1.self]
    static let stages: [MigrationStage] = []
}

/// V1 → V2, lightweight: `ALTER TABLE … ADD COLUMN`, after a backup.
enum EntriesLightweightPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [EntriesV1.self, EntriesV2.self]
    static let stages: [MigrationStage] = [.lightweight(fromVersion: EntriesV1.self, toVersion: EntriesV2.self)]
}

/// V1 → V2, custom: `didMigrate` backfills `note` on every row, 10,000 at a time, paging
/// by the indexed `number` (keyset paging: an `OFFSET` would rescan the skipped rows).
enum EntriesBackfillPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [EntriesV1.self, EntriesV2.self]
    static let stages: [MigrationStage] = [
        .custom(
            fromVersion: EntriesV1.self, toVersion: EntriesV2.self, willMigrate: nil,
            didMigrate: { context in
                var last = Int.min
                while true {
                    let after = last
                    var page = FetchDescriptor<EntriesV2.Entry>(
                        predicate: #Predicate { $0.number > after }, sortBy: [SortDescriptor(\.number)])
                    page.fetchLimit = 10_000
                    let entries = try context.fetch(page)
                    guard let tail = entries.last else { break }
                    for entry in entries { entry.note = Backfill.note(entry.number) }
                    try context.save()
                    last = tail.number
                }
            })
    ]
}

/// The value the custom migration writes, the same for every implementation.
enum Backfill {
    static func note(_ number: Int) -> String { "note \(number)" }
}

/// `Item` with one optional attribute more: the scale workload's lightweight migration.
enum ItemsWithNote {
    @Model
    final class Item {
        #Index<Item>([\.number])
        var number: Int
        var title: String
        var note: String?

        init(number: Int, title: String) {
            self.number = number
            self.title = title
        }
    }
}
