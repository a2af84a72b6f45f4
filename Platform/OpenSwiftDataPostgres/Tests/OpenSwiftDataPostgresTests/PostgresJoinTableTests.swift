import Foundation
import OpenSwiftData
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

@testable import OpenSwiftDataPostgres

@Model
final class Guide {
    var name: String
    @Relationship(inverse: \Tour.guides) var tours: [Tour] = []

    init(name: String) { self.name = name }
}

@Model
final class Tour {
    var name: String
    var guides: [Guide] = []
    /// A to-many relationship without an inverse.
    var badges: [Badge] = []

    init(name: String) { self.name = name }
}

@Model
final class Badge {
    var label: String

    init(label: String) { self.label = label }
}

/// Many-to-many relationships, and to-many relationships without an inverse, kept in join
/// tables: the same saves on the PostgreSQL store and on the SQLite store (the oracle) read
/// back the same from a container that did not make them.
@Suite("PostgreSQL store: join tables")
struct PostgresJoinTableTests {
    private static let models: [any PersistentModel.Type] = [Guide.self, Tour.self, Badge.self]

    /// What a person reads of the links, from both sides.
    private static func describe(_ container: ModelContainer) throws -> [String] {
        let context = ModelContext(container)
        let guides = try context.fetch(FetchDescriptor<Guide>(sortBy: [SortDescriptor(\.name)])).map {
            "\($0.name): \($0.tours.map(\.name).sorted())"
        }
        let tours = try context.fetch(FetchDescriptor<Tour>(sortBy: [SortDescriptor(\.name)])).map {
            "\($0.name): \($0.guides.map(\.name).sorted()) \($0.badges.map(\.label).sorted())"
        }
        let badges = try context.fetch(FetchDescriptor<Badge>(sortBy: [SortDescriptor(\.label)])).map(\.label)
        return guides + tours + badges
    }

    /// Links, unlinks from either side, and deletes, each in a save of its own context.
    private static func edit(_ container: ModelContainer) throws {
        let first = ModelContext(container)
        let (ana, ben, cy) = (Guide(name: "Ana"), Guide(name: "Ben"), Guide(name: "Cy"))
        let (castle, river) = (Tour(name: "Castle"), Tour(name: "River"))
        let (early, late) = (Badge(label: "early"), Badge(label: "late"))
        for model in [ana, ben, cy] as [any PersistentModel] + [castle, river] + [early, late] {
            first.insert(model)
        }
        ana.tours = [castle, river]
        ben.tours = [castle]
        castle.badges = [early, late]
        river.badges = [late]
        try first.save()

        let second = ModelContext(container)
        let guides = try second.fetch(FetchDescriptor<Guide>(sortBy: [SortDescriptor(\.name)]))
        let tours = try second.fetch(FetchDescriptor<Tour>(sortBy: [SortDescriptor(\.name)]))
        // From the tour's side, then from the guide's.
        tours[0].guides.removeAll { $0.name == "Ana" }
        guides[2].tours.append(tours[1])
        tours[0].badges.removeAll { $0.label == "early" }
        try second.save()

        let third = ModelContext(container)
        for tour in try third.fetch(FetchDescriptor<Tour>(predicate: #Predicate { $0.name == "River" })) {
            third.delete(tour)
        }
        for badge in try third.fetch(FetchDescriptor<Badge>(predicate: #Predicate { $0.label == "late" })) {
            third.delete(badge)
        }
        try third.save()
    }

    @Test(
        "links made, changed from either side and deleted read back as on the SQLite store; no link row outlives its rows"
    )
    func asOnSQLite() async throws {
        let url = try await TestPostgres.newDatabase()
        let configuration = PostgresStoreConfiguration(url: try #require(URL(string: url)))
        try Self.edit(try ModelContainer(for: Schema(Self.models), configurations: configuration))
        let folder = TemporaryFolder(prefix: "PostgresJoinTable")
        let sqlite = ModelConfiguration(url: folder.file("tours.sqlite"))
        try Self.edit(try ModelContainer(for: Schema(Self.models), configurations: sqlite))

        let read = try Self.describe(try ModelContainer(for: Schema(Self.models), configurations: configuration))
        let oracle = try Self.describe(try ModelContainer(for: Schema(Self.models), configurations: sqlite))
        #expect(read == ["Ana: []", "Ben: [\"Castle\"]", "Cy: []", "Castle: [\"Ben\"] []", "early"])
        #expect(read == oracle)
        // Read by a connection of the test's own: the links left are the two above.
        let guideLinks = try await TestPostgres.integer("SELECT count(*) FROM \"default\".\"Guide_tours\"", on: url)
        let badgeLinks = try await TestPostgres.integer("SELECT count(*) FROM \"default\".\"Tour_badges\"", on: url)
        #expect(guideLinks == 1)
        #expect(badgeLinks == 0)
    }

    @Test(
        "a test on the models of a join table's relationship, from either side or without an inverse, is answered in SQL as on SQLite"
    )
    func linkedRowTests() async throws {
        let url = try await TestPostgres.newDatabase()
        let folder = TemporaryFolder(prefix: "PostgresJoinTable")
        let containers = [
            try ModelContainer(
                for: Schema(Self.models),
                configurations: PostgresStoreConfiguration(url: try #require(URL(string: url)))),
            try ModelContainer(
                for: Schema(Self.models), configurations: ModelConfiguration(url: folder.file("tours.sqlite"))),
        ]
        for container in containers {
            let context = ModelContext(container)
            let (ana, ben) = (Guide(name: "Ana"), Guide(name: "Ben"))
            let (castle, river, lake, hill) = (
                Tour(name: "Castle"), Tour(name: "River"), Tour(name: "Lake"), Tour(name: "Hill")
            )
            let (early, late) = (Badge(label: "early"), Badge(label: "late"))
            for model in [ana, ben] as [any PersistentModel] + [castle, river, lake, hill] + [early, late] {
                context.insert(model)
            }
            // Links whose two keys, read the other way round, are other links: (1, 2), (2, 1), (2, 3).
            ana.tours = [river]
            ben.tours = [castle, lake]
            castle.badges = [early]
            river.badges = [late]
            try context.save()
        }
        let tables = try PostgresTables(schema: Schema(Self.models), namespace: "test")
        func names<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, _ name: (T) -> String) throws -> [[String]] {
            #expect(throws: Never.self, "answered in SQL") {
                try PostgresFetchQuery(
                    descriptor, layout: try #require(tables.layouts["\(T.self)"]), tables: tables,
                    storeIdentifier: "test")
            }
            // Counted by the server, which a wrong condition would count wrong.
            return try containers.map { container in
                let context = ModelContext(container)
                let names = try context.fetch(descriptor).map(name).sorted()
                #expect(try context.fetchCount(descriptor) == names.count)
                #expect(try context.fetchIdentifiers(descriptor).count == names.count)
                return names
            }
        }
        let river = try names(
            FetchDescriptor<Guide>(predicate: #Predicate { $0.tours.contains { $0.name == "River" } }), \.name)
        #expect(river == [["Ana"], ["Ana"]])
        let ben = try names(
            FetchDescriptor<Tour>(predicate: #Predicate { $0.guides.contains { $0.name == "Ben" } }), \.name)
        #expect(ben == [["Castle", "Lake"], ["Castle", "Lake"]])
        let late = try names(
            FetchDescriptor<Tour>(predicate: #Predicate { $0.badges.contains { $0.label == "late" } }), \.name)
        #expect(late == [["River"], ["River"]])
        let onlyAna = try names(
            FetchDescriptor<Tour>(predicate: #Predicate { $0.guides.allSatisfy { $0.name == "Ana" } }), \.name)
        #expect(onlyAna == [["Hill", "River"], ["Hill", "River"]])
    }

    @Test("erasing the container empties the models' tables and the join tables")
    func eraseEmptiesJoinTables() async throws {
        let url = try await TestPostgres.newDatabase()
        let container = try ModelContainer(
            for: Schema(Self.models), configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
        try Self.edit(container)
        try container.erase()
        #expect(try Self.describe(container).isEmpty)
        #expect(try await TestPostgres.integer("SELECT count(*) FROM \"default\".\"Guide_tours\"", on: url) == 0)
    }
}
