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
//   openswiftdata-migration-fixture populate-shelves <folder> <rows>
//   openswiftdata-migration-fixture migrate-shelves <folder>
//       two configurations (items.sqlite, shelves.sqlite) migrated together by a custom
//       stage (prints "ROWS n" as it goes)
//   openswiftdata-migration-fixture check <folder>
//       opens each store of the folder (*.sqlite) as a new process would, which recovers
//       what a process that failed mid-write left (its write-ahead log, a hot journal),
//       checks its integrity, and prints "<name>: <result>" for each; exits 1 when one is
//       not "ok"
// The loops print "READY" once the store is open, and run until they are killed.
import Foundation
import OpenSwiftData

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

/// Sets `note` to "migrated <number>" on every item, 10,000 a page in `number` order, saving
/// each page and printing "ROWS n" after it; returns how many items there were.
func backfillNotes<Item: PersistentModel>(
    of _: Item.Type, number: KeyPath<Item, Int> & Sendable, note: ReferenceWritableKeyPath<Item, String?>,
    in context: ModelContext
) throws -> Int {
    var offset = 0
    while true {
        var page = FetchDescriptor<Item>(sortBy: [SortDescriptor(number)])
        page.fetchOffset = offset
        page.fetchLimit = 10_000
        let items = try context.fetch(page)
        if items.isEmpty { return offset }
        for item in items { item[keyPath: note] = "migrated \(item[keyPath: number])" }
        try context.save()
        offset += items.count
        FileHandle.standardOutput.write(Data("ROWS \(offset)\n".utf8))
    }
}

/// V1 → V2 backfilling `note` on every row, a batch at a time.
enum ItemsBackfillPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [ItemsV1.self, ItemsV2.self]
    static let stages: [MigrationStage] = [
        .custom(
            fromVersion: ItemsV1.self, toVersion: ItemsV2.self, willMigrate: nil,
            didMigrate: { context in
                _ = try backfillNotes(of: ItemsV2.Item.self, number: \.number, note: \.note, in: context)
            })
    ]
}

enum ItemsAddColumnPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [ItemsV1.self, ItemsV2.self]
    static let stages: [MigrationStage] = [.lightweight(fromVersion: ItemsV1.self, toVersion: ItemsV2.self)]
}

/// Items and shelves, each in a store of its own, migrated together by a custom stage that
/// backfills the items and counts them on each shelf.
enum ShelvesV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Item.self, Shelf.self]

    @Model
    final class Item {
        var number: Int
        var title: String

        init(number: Int, title: String) {
            self.number = number
            self.title = title
        }
    }

    @Model
    final class Shelf {
        var name: String
        init(name: String) { self.name = name }
    }
}

enum ShelvesV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Item.self, Shelf.self]

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

    @Model
    final class Shelf {
        var name: String
        var itemCount: Int = 0
        init(name: String) { self.name = name }
    }
}

enum ShelvesPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [ShelvesV1.self, ShelvesV2.self]
    static let stages: [MigrationStage] = [
        .custom(
            fromVersion: ShelvesV1.self, toVersion: ShelvesV2.self, willMigrate: nil,
            didMigrate: { context in
                let count = try backfillNotes(of: ShelvesV2.Item.self, number: \.number, note: \.note, in: context)
                for shelf in try context.fetch(FetchDescriptor<ShelvesV2.Shelf>()) { shelf.itemCount = count }
            })
    ]
}

func shelvesConfigurations<Item: PersistentModel, Shelf: PersistentModel>(
    _ folder: URL, _ item: Item.Type, _ shelf: Shelf.Type
) -> [ModelConfiguration] {
    [
        ModelConfiguration("Items", schema: Schema([item]), url: folder.appending(path: "items.sqlite")),
        ModelConfiguration("Shelves", schema: Schema([shelf]), url: folder.appending(path: "shelves.sqlite")),
    ]
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
    case ("check", 3):
        let folder = URL(fileURLWithPath: arguments[2])
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sqlite") }
        var allOK = true
        for name in names.sorted() {
            let store = StoreFile(url: folder.appending(path: name))
            try store.checkpoint()
            let integrity = store.checkIntegrity()
            print("\(name): \(integrity)")
            if integrity != .ok { allOK = false }
        }
        exit(allOK ? 0 : 1)
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
    case ("populate-shelves", 4):
        let folder = URL(fileURLWithPath: arguments[2])
        let container = try ModelContainer(
            for: Schema(versionedSchema: ShelvesV1.self),
            configurations: shelvesConfigurations(folder, ShelvesV1.Item.self, ShelvesV1.Shelf.self))
        let context = ModelContext(container)
        for number in 0..<(Int(arguments[3]) ?? 0) {
            context.insert(ShelvesV1.Item(number: number, title: "item \(number)"))
        }
        for name in ["left", "right"] { context.insert(ShelvesV1.Shelf(name: name)) }
        try context.save()
    case ("migrate-shelves", 3):
        let folder = URL(fileURLWithPath: arguments[2])
        let container = try ModelContainer(
            for: Schema(versionedSchema: ShelvesV2.self), migrationPlan: ShelvesPlan.self,
            configurations: shelvesConfigurations(folder, ShelvesV2.Item.self, ShelvesV2.Shelf.self))
        print("DONE \(container.migrationReport?.stages.count ?? 0)")
    default:
        FileHandle.standardError.write(Data("usage: see the comment at the top of main.swift\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
