import ChildProcess
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

@Model
final class Kennel {
    var name: String
    @Relationship(deleteRule: .deny, inverse: \Leash.kennel) var leashes: [Leash] = []
    @Relationship(deleteRule: .deny, inverse: \Walker.kennels) var walkers: [Walker] = []

    init(name: String) { self.name = name }
}

@Model
final class Leash {
    var color: String
    var kennel: Kennel?

    init(color: String) { self.color = color }
}

@Model
final class Walker {
    var name: String
    var kennels: [Kennel] = []

    init(name: String) { self.name = name }
}

/// `.deny` on PostgreSQL, as on SQLite (the oracle: the same steps on a store file with two
/// containers): a link another process made after this one read the relationship denies the
/// deletion, through a to-one column and through a join table; and the database itself
/// refuses another program's deletion of a row a `.deny` relationship still links.
@Suite("PostgreSQL store: the .deny rule")
struct PostgresDenyRuleTests {
    private static let models: [any PersistentModel.Type] = [Kennel.self, Leash.self, Walker.self]

    /// Two containers on one store, as two processes: on PostgreSQL, or on a SQLite file.
    private static func containers(postgres url: String?, folder: TemporaryFolder) throws -> (
        ModelContainer, ModelContainer
    ) {
        func open() throws -> ModelContainer {
            if let url {
                return try ModelContainer(
                    for: Schema(models), configurations: PostgresStoreConfiguration(url: try #require(URL(string: url)))
                )
            }
            return try ModelContainer(
                for: Schema(models), configurations: ModelConfiguration(url: folder.file("store.sqlite")))
        }
        return (try open(), try open())
    }

    /// What a save ended with: the deny's relationship and count, or nil when it saved.
    private static func deniedRelationship(_ save: () throws -> Void) -> String? {
        do {
            try save()
            return nil
        } catch let error as SwiftDataError {
            if case .deleteDenied(let entity, let relationship, let count)? = error.cause {
                return "\(entity).\(relationship) \(count)"
            }
            return "\(error)"
        } catch {
            return "\(error)"
        }
    }

    /// A leash (or a walker) linked to the kennel by the second process after the first read
    /// the kennel's relationships; the first then deletes the kennel. What its save ended
    /// with, and the kennels stored after it.
    private static func deleteAfterLinkElsewhere(joinTable: Bool, postgres url: String?) throws -> (String?, Int) {
        let folder = TemporaryFolder()
        let (first, second) = try containers(postgres: url, folder: folder)
        let setUp = ModelContext(first)
        setUp.insert(Kennel(name: "North"))
        setUp.insert(Leash(color: "red"))
        setUp.insert(Walker(name: "Ines"))
        try setUp.save()

        let here = ModelContext(first)
        let kennel = try #require(try here.fetch(FetchDescriptor<Kennel>()).first)
        #expect(kennel.leashes.isEmpty && kennel.walkers.isEmpty)
        let there = ModelContext(second)
        let theirs = try #require(try there.fetch(FetchDescriptor<Kennel>()).first)
        if joinTable {
            try #require(try there.fetch(FetchDescriptor<Walker>()).first).kennels.append(theirs)
        } else {
            try #require(try there.fetch(FetchDescriptor<Leash>()).first).kennel = theirs
        }
        try there.save()

        here.delete(kennel)
        let outcome = deniedRelationship { try here.save() }
        let stored = try ModelContext(try containers(postgres: url, folder: folder).0).fetchCount(
            FetchDescriptor<Kennel>())
        return (outcome, stored)
    }

    @Test("a leash linked by another process after this one read the kennel's leashes denies the kennel's deletion")
    func linkedElsewhereThroughColumn() async throws {
        let url = try await TestPostgres.newDatabase()
        let sqlite = try Self.deleteAfterLinkElsewhere(joinTable: false, postgres: nil)
        let postgres = try Self.deleteAfterLinkElsewhere(joinTable: false, postgres: url)
        #expect(sqlite.0 == "Kennel.leashes 1" && sqlite.1 == 1)
        #expect(postgres.0 == sqlite.0)
        #expect(postgres.1 == sqlite.1)
        let linked = try await TestPostgres.integer(
            #"SELECT count(*)::int8 FROM "default"."Leash" WHERE kennel IS NOT NULL"#, on: url)
        #expect(linked == 1)
    }

    @Test("a walker linked by another process denies the kennel's deletion through the join table")
    func linkedElsewhereThroughJoinTable() async throws {
        let url = try await TestPostgres.newDatabase()
        let sqlite = try Self.deleteAfterLinkElsewhere(joinTable: true, postgres: nil)
        let postgres = try Self.deleteAfterLinkElsewhere(joinTable: true, postgres: url)
        #expect(sqlite.0 == "Kennel.walkers 1" && sqlite.1 == 1)
        #expect(postgres.0 == sqlite.0)
        #expect(postgres.1 == sqlite.1)
    }

    @Test("a leash this context moves to another kennel in the save that deletes its kennel does not deny")
    func movedInTheSameSave() async throws {
        let url = try #require(URL(string: try await TestPostgres.newDatabase()))
        let container = try ModelContainer(
            for: Schema(Self.models), configurations: PostgresStoreConfiguration(url: url))
        let setUp = ModelContext(container)
        let north = Kennel(name: "North")
        let south = Kennel(name: "South")
        let leash = Leash(color: "red")
        setUp.insert(north)
        setUp.insert(south)
        setUp.insert(leash)
        leash.kennel = north
        try setUp.save()

        let context = ModelContext(container)
        let kennels = try context.fetch(FetchDescriptor<Kennel>(sortBy: [SortDescriptor(\.name)]))
        try #require(try context.fetch(FetchDescriptor<Leash>()).first).kennel = kennels[1]
        context.delete(kennels[0])
        try context.save()
        let read = ModelContext(container)
        #expect(try read.fetch(FetchDescriptor<Kennel>()).map(\.name) == ["South"])
        #expect(try read.fetch(FetchDescriptor<Leash>()).first?.kennel?.name == "South")
    }

    @Test("another program's DELETE of a kennel a leash still names is refused by the database")
    func databaseRestricts() async throws {
        let url = try await TestPostgres.newDatabase()
        let container = try ModelContainer(
            for: Schema(Self.models), configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
        let context = ModelContext(container)
        let kennel = Kennel(name: "North")
        let leash = Leash(color: "red")
        context.insert(kennel)
        context.insert(leash)
        leash.kennel = kennel
        try context.save()

        // psql, another program: its DELETE is its own transaction, whose commit checks the
        // deferred foreign key.
        let psql = ChildProcess()
        psql.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        psql.arguments = [url, "-v", "ON_ERROR_STOP=1", "-c", #"DELETE FROM "default"."Kennel""#]
        let errors = Pipe()
        psql.standardOutput = FileHandle.nullDevice
        psql.standardError = errors
        try psql.run()
        let message = await BlockingWork.run {
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        await psql.exited()
        #expect(psql.terminationStatus != 0)
        #expect(message.contains("violates foreign key constraint"), "\(message)")
        #expect(try await TestPostgres.integer(#"SELECT count(*)::int8 FROM "default"."Kennel""#, on: url) == 1)
    }
}
