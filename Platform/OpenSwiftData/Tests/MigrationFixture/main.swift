// A separate process for migration tests that must kill a migration half-way, and
// for measuring how long a migration takes on large stores.
//
//   openswiftdata-migration-fixture populate <store> <rows>
//   openswiftdata-migration-fixture migrate <store>            (prints "ROWS n" as it goes)
//   openswiftdata-migration-fixture measure-add-column <folder> <rows>
//   openswiftdata-migration-fixture save-loop <store>           (saves 50 rows at a time, prints "SAVED k")
//   openswiftdata-migration-fixture backup-loop <store> <folder> (prints "BACKUP n" after backup-n.sqlite)
//   openswiftdata-migration-fixture restore-loop <store> <a> <b> (restores a, b, a, …; prints "RESTORED n")
//   openswiftdata-migration-fixture main-context-exit <store> on|off
//       inserts an item in the main context (autosave on or off) and exits at once
// The loops print "READY" once the store is open, and run until they are killed.
import Foundation
@_spi(StoreFiles) import OpenSwiftData

enum ItemsV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Item.self]

    @Model
    final class Item {
        var number: Int
        var title: String

        init(number: Int, title: String) {
            self.number = number
            self.title = title
        }
    }
}

enum ItemsV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Item.self]

    @Model
    final class Item {
        var number: Int
        var title: String
        var note: String?

        init(number: Int, title: String) {
            self.number = number
            self.title = title
        }
    }
}

enum ItemsV1Plan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [ItemsV1.self]
    static let stages: [MigrationStage] = []
}

/// V1 → V2 backfilling `note` on every row, a batch at a time.
enum ItemsBackfillPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [ItemsV1.self, ItemsV2.self]
    static let stages: [MigrationStage] = [
        .custom(
            fromVersion: ItemsV1.self, toVersion: ItemsV2.self, willMigrate: nil,
            didMigrate: { context in
                var offset = 0
                while true {
                    var page = FetchDescriptor<ItemsV2.Item>(sortBy: [SortDescriptor(\.number)])
                    page.fetchOffset = offset
                    page.fetchLimit = 10_000
                    let items = try context.fetch(page)
                    if items.isEmpty { break }
                    for item in items { item.note = "migrated \(item.number)" }
                    try context.save()
                    offset += items.count
                    FileHandle.standardOutput.write(Data("ROWS \(offset)\n".utf8))
                }
            })
    ]
}

enum ItemsAddColumnPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [ItemsV1.self, ItemsV2.self]
    static let stages: [MigrationStage] = [.lightweight(fromVersion: ItemsV1.self, toVersion: ItemsV2.self)]
}

func populate(_ url: URL, rows: Int) throws {
    let container = try ModelContainer(
        for: Schema(versionedSchema: ItemsV1.self), migrationPlan: ItemsV1Plan.self,
        configurations: [ModelConfiguration(url: url)])
    let context = ModelContext(container)
    for number in 0..<rows {
        context.insert(ItemsV1.Item(number: number, title: "item \(number)"))
    }
    try context.save()
}

/// Prints a line at once, for the parent that reads it before killing this process.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Saves batches of 50 items, numbered on from the rows already there, one save each.
func saveLoop(_ url: URL) throws -> Never {
    let container = try ModelContainer(
        for: Schema(versionedSchema: ItemsV1.self), migrationPlan: ItemsV1Plan.self,
        configurations: [ModelConfiguration(url: url)])
    let context = ModelContext(container)
    var batch = try context.fetchCount(FetchDescriptor<ItemsV1.Item>()) / 50
    say("READY")
    while true {
        for number in batch * 50..<(batch + 1) * 50 {
            context.insert(ItemsV1.Item(number: number, title: "item \(number)"))
        }
        try context.save()
        say("SAVED \(batch)")
        batch += 1
    }
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

let arguments = CommandLine.arguments
do {
    switch (arguments.count > 1 ? arguments[1] : "", arguments.count) {
    case ("populate", 4):
        try populate(URL(fileURLWithPath: arguments[2]), rows: Int(arguments[3]) ?? 0)
    case ("migrate", 3):
        let container = try ModelContainer(
            for: Schema(versionedSchema: ItemsV2.self), migrationPlan: ItemsBackfillPlan.self,
            configurations: [ModelConfiguration(url: URL(fileURLWithPath: arguments[2]))])
        print("DONE \(container.migrationReport?.stages.count ?? 0)")
    case ("measure-add-column", 4):
        let folder = URL(fileURLWithPath: arguments[2])
        let rows = Int(arguments[3]) ?? 0
        for planned in [false, true] {
            let url = folder.appending(path: "items-\(rows)-\(planned ? "plan" : "inferred").sqlite")
            try populate(url, rows: rows)
            let elapsed = try milliseconds {
                _ = try ModelContainer(
                    for: Schema(versionedSchema: ItemsV2.self), migrationPlan: planned ? ItemsAddColumnPlan.self : nil,
                    configurations: [ModelConfiguration(url: url)])
            }
            print("\(rows) rows, \(planned ? "with plan (backup included)" : "inferred, no plan"): \(elapsed) ms")
        }
    case ("save-loop", 3):
        try saveLoop(URL(fileURLWithPath: arguments[2]))
    case ("backup-loop", 4):
        let store = StoreFile(url: URL(fileURLWithPath: arguments[2]))
        say("READY")
        for number in 0... {
            try store.backup(to: URL(fileURLWithPath: arguments[3]).appending(path: "backup-\(number).sqlite"))
            say("BACKUP \(number)")
        }
    case ("restore-loop", 5):
        let store = StoreFile(url: URL(fileURLWithPath: arguments[2]))
        say("READY")
        for number in 0... {
            try store.restore(from: URL(fileURLWithPath: arguments[number % 2 == 0 ? 3 : 4]))
            say("RESTORED \(number)")
        }
    case ("main-context-exit", 4):
        let container = try ModelContainer(
            for: Schema(versionedSchema: ItemsV1.self),
            configurations: [ModelConfiguration(url: URL(fileURLWithPath: arguments[2]))])
        let context = container.mainContext
        context.autosaveEnabled = arguments[3] == "on"
        context.insert(ItemsV1.Item(number: 1, title: "inserted just before exit"))
        exit(0)
    default:
        FileHandle.standardError.write(Data("usage: see the comment at the top of main.swift\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
