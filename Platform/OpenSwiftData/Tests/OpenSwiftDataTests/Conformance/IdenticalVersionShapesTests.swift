import Foundation
import Testing

@testable import OpenSwiftData

/// A shelf whose books are reached through its relationship: a version that lists the shelf
/// alone stores the books too.
@Model
final class ShapeShelf {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \ShapeBook.shelf) var books: [ShapeBook] = []

    init(name: String) {
        self.name = name
    }
}

@Model
final class ShapeBook {
    var title: String
    var shelf: ShapeShelf?

    init(title: String) {
        self.title = title
    }
}

/// Version 1 lists the shelf; version 1.2 lists both models, as an app's later version
/// names what it uses. Both store the same tables.
enum ShapeSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [ShapeShelf.self] }
}

enum ShapeSchemaV1_2: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 2, 0)
    static var models: [any PersistentModel.Type] { [ShapeShelf.self, ShapeBook.self] }
}

enum ShapePlanV1: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ShapeSchemaV1.self] }
    static var stages: [MigrationStage] { [] }
}

enum ShapePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ShapeSchemaV1.self, ShapeSchemaV1_2.self] }
    static var stages: [MigrationStage] {
        [.lightweight(fromVersion: ShapeSchemaV1.self, toVersion: ShapeSchemaV1_2.self)]
    }
}

/// The same versions with a custom stage that renames every shelf.
enum ShapeRenamingPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ShapeSchemaV1.self, ShapeSchemaV1_2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(
                fromVersion: ShapeSchemaV1.self, toVersion: ShapeSchemaV1_2.self, willMigrate: nil,
                didMigrate: { context in
                    for shelf in try context.fetch(FetchDescriptor<ShapeShelf>()) { shelf.name += " (1.2)" }
                    try context.save()
                })
        ]
    }
}

/// Two versions of a migration plan that store their models identically. SwiftData opens
/// such a plan (an app's tests, whose V1 reaches through a relationship every model its
/// V1.2 lists, pass on Apple platforms); a store of that shape is at the later version, the
/// lightweight stage between them having nothing to do. A custom stage there is refused: a
/// store could not tell whether it has run.
@Suite("Versions of a plan stored alike")
struct IdenticalVersionShapesTests {
    private func container(_ plan: any SchemaMigrationPlan.Type, at url: URL?) throws -> ModelContainer {
        let last = plan.schemas[plan.schemas.count - 1]
        let configuration = url.map { ModelConfiguration(url: $0) } ?? ModelConfiguration(isStoredInMemoryOnly: true)
        return try ModelContainer(
            for: Schema(versionedSchema: last), migrationPlan: plan, configurations: [configuration])
    }

    private func shelve(_ name: String, titles: [String], in container: ModelContainer) throws {
        let context = ModelContext(container)
        let shelf = ShapeShelf(name: name)
        context.insert(shelf)
        shelf.books = titles.map { ShapeBook(title: $0) }
        try context.save()
    }

    private func shelves(in container: ModelContainer) throws -> [String] {
        try ModelContext(container).fetch(FetchDescriptor<ShapeShelf>(sortBy: [SortDescriptor(\.name)])).map {
            "\($0.name): \($0.books.map(\.title).sorted().joined(separator: ", "))"
        }
    }

    @Test("the container opens a new store, in memory or in a file, and saves")
    func newStore() throws {
        let folder = TemporaryFolder()
        for url in [nil, folder.file("new.store")] {
            let container = try container(ShapePlan.self, at: url)
            try shelve("Classics", titles: ["Emma"], in: container)
            #expect(try shelves(in: container) == ["Classics: Emma"])
        }
    }

    @Test("a store the first version wrote opens at the second with every row")
    func storeOfTheFirstVersion() throws {
        let folder = TemporaryFolder()
        let url = folder.file("v1.store")
        try shelve("Classics", titles: ["Emma", "Persuasion"], in: try container(ShapePlanV1.self, at: url))
        #expect(try shelves(in: try container(ShapePlan.self, at: url)) == ["Classics: Emma, Persuasion"])
    }

    @Test("a custom stage between them is refused when the container is made, the store left as it was")
    func customStageIsRefused() throws {
        let folder = TemporaryFolder()
        let url = folder.file("v1.store")
        try shelve("Classics", titles: ["Emma"], in: try container(ShapePlanV1.self, at: url))
        let before = try fileBytes(url)
        for target in [nil, url] {
            #expect {
                _ = try container(ShapeRenamingPlan.self, at: target)
            } throws: { error in
                guard case .duplicateVersionShapes(let first, let second) = (error as? SwiftDataError)?.cause else {
                    return false
                }
                return first.hasPrefix("1.0.0") && second.hasPrefix("1.2.0")
            }
        }
        #expect(try fileBytes(url) == before)
    }
}
