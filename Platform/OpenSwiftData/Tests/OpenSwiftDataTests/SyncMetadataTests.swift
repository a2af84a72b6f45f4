import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Suite("Sync support: record names, values, sync transactions")
struct SyncMetadataTests {
    /// Two guides saved in `container`: their identifiers.
    private static func twoSavedGuides(in container: ModelContainer) throws
        -> (PersistentIdentifier, PersistentIdentifier)
    {
        let context = ModelContext(container)
        let models = (Guide(name: "Ana"), Guide(name: "Rui"))
        context.insert(models.0)
        context.insert(models.1)
        try context.save()
        return (models.0.persistentModelID, models.1.persistentModelID)
    }

    @Test("a record name is kept per saved model, found both ways, and replaced when given again")
    func recordNames() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Guide.self], folder: folder)
        let (first, second) = try Self.twoSavedGuides(in: container)

        try await container.performSyncTransaction(author: "sync") { _, metadata in
            try metadata.setRecordName("A", of: first)
            try metadata.setRecordName("B", of: second)
        }
        try await container.readSyncMetadata { metadata throws in
            #expect(try metadata.recordName(of: first) == "A")
            #expect(try metadata.identifier(ofRecordNamed: "B") == second)
            #expect(try metadata.recordNames(ofEntity: "Guide").count == 2)
        }
        // The name "A" moves to the second model; the second model's "B" is replaced.
        try await container.performSyncTransaction(author: "sync") { _, metadata in
            try metadata.setRecordName("A", of: second)
        }
        try await container.readSyncMetadata { metadata throws in
            #expect(try metadata.recordName(of: first) == nil)
            #expect(try metadata.identifier(ofRecordNamed: "A") == second)
            #expect(try metadata.identifier(ofRecordNamed: "B") == nil)
        }
    }

    @Test("the names of a part, by range, and the count of every name")
    func namesInRange() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Guide.self], folder: folder)
        let context = ModelContext(container)
        let guides = ["Ana", "Rui", "Eva", "Tom"].map(Guide.init(name:))
        for guide in guides { context.insert(guide) }
        try context.save()
        let identifiers = guides.map(\.persistentModelID)
        try await container.readSyncMetadata { metadata throws in #expect(try metadata.recordNameCount() == 0) }
        try await container.performSyncTransaction(author: "sync") { _, metadata in
            for (identifier, name) in zip(identifiers, ["0A", "7F", "80", "FF"]) {
                try metadata.setRecordName(name, of: identifier)
            }
        }
        try await container.readSyncMetadata { metadata throws in
            #expect(try metadata.recordNameCount() == 4)
            #expect(Set(try metadata.recordNames(ofEntity: "Guide", from: "00", below: "80").values) == ["0A", "7F"])
            #expect(Set(try metadata.recordNames(ofEntity: "Guide", from: "80", below: nil).values) == ["80", "FF"])
            #expect(try metadata.recordNames(ofEntity: "Other", from: "00", below: nil).isEmpty)
        }
    }

    @Test("a model that was never saved cannot be named")
    func temporaryIdentifier() async throws {
        let container = try makeInMemoryContainer([Guide.self])
        let guide = Guide(name: "Ana")
        ModelContext(container).insert(guide)
        let identifier = guide.persistentModelID
        await #expect(throws: SwiftDataError.self) {
            try await container.performSyncTransaction(author: nil) { _, metadata in
                try metadata.setRecordName("A", of: identifier)
            }
        }
    }

    @Test("reading the metadata of a store never synced creates nothing and finds nothing")
    func readOnlyOnNewStore() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Guide.self], folder: folder)
        try await container.readSyncMetadata { metadata throws in
            #expect(try metadata.value(named: "cursor") == nil)
            #expect(try metadata.recordNames(ofEntity: "Guide").isEmpty)
        }
        #expect(try readSQL(container) { try $0.tableExists(SyncMetadata.valuesTable) } == false)
    }

    @Test("named values are set, replaced and removed")
    func values() async throws {
        let container = try makeInMemoryContainer([Guide.self])
        try await container.performSyncTransaction(author: nil) { _, metadata in
            try metadata.setValue("1", named: "cursor")
            try metadata.setValue("2", named: "cursor")
            try metadata.setValue("x", named: "device")
            try metadata.setValue(nil, named: "device")
        }
        try await container.readSyncMetadata { metadata throws in
            #expect(try metadata.value(named: "cursor") == "2")
            #expect(try metadata.value(named: "device") == nil)
        }
    }

    @Test(
        "record versions are noted with a name or later, replaced and forgotten, and go with the name; a records table of an earlier release gets the column at the first write"
    )
    func recordVersions() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Guide.self], folder: folder)
        let (first, second) = try Self.twoSavedGuides(in: container)
        // The records table as an earlier release made it: no versions column.
        try await container.performSyncTransaction(author: nil) { _, metadata in
            try metadata.setRecordName("A", of: first)
        }
        try await container.stores.stores[0].writer.write { db in
            try db.execute(sql: "ALTER TABLE \(SyncMetadata.recordsTable) DROP COLUMN versions")
        }
        #expect(try await container.readSyncMetadata { try $0.recordVersions(of: first) } == nil)
        #expect(try await container.readSyncMetadata { try $0.allRecordVersions() }.isEmpty)
        try await container.performSyncTransaction(author: nil) { _, metadata in
            try metadata.setRecordVersions(#"{"name":"1"}"#, of: first)
            try metadata.setRecordName("B", of: second, versions: #"{"name":"2"}"#)
        }
        let noted = try await container.readSyncMetadata { try $0.allRecordVersions() }
        #expect(noted == ["A": #"{"name":"1"}"#, "B": #"{"name":"2"}"#])
        try await container.performSyncTransaction(author: nil) { _, metadata in
            try metadata.setRecordVersions(#"{"name":"3"}"#, of: first)
            try metadata.setRecordVersions(nil, of: second)
        }
        #expect(try await container.readSyncMetadata { try $0.recordVersions(of: first) } == #"{"name":"3"}"#)
        #expect(try await container.readSyncMetadata { try $0.recordVersions(of: second) } == nil)
        // A name given again replaces the model's row, versions included.
        try await container.performSyncTransaction(author: nil) { _, metadata in
            try metadata.setRecordName("C", of: first)
        }
        #expect(try await container.readSyncMetadata { try $0.allRecordVersions() }.isEmpty)
    }

    @Test(
        "record origins are noted with a name, listed, and go with the name; a records table of an earlier release gets the column at the first write"
    )
    func recordOrigins() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Guide.self], folder: folder)
        let (first, second) = try Self.twoSavedGuides(in: container)
        try await container.performSyncTransaction(author: nil) { _, metadata in
            try metadata.setRecordName("A", of: first)
        }
        // The records table as an earlier release made it: no origin column.
        try await container.stores.stores[0].writer.write { db in
            try db.execute(sql: "ALTER TABLE \(SyncMetadata.recordsTable) DROP COLUMN origin")
        }
        #expect(try await container.readSyncMetadata { try $0.allRecordOrigins() }.isEmpty)
        try await container.performSyncTransaction(author: nil) { _, metadata in
            try metadata.setRecordName("B", of: second, origin: "device Guide/7")
        }
        #expect(try await container.readSyncMetadata { try $0.allRecordOrigins() } == ["B": "device Guide/7"])
        #expect(try await container.readSyncMetadata { try $0.recordName(of: first) } == "A")
        // A name given again replaces the model's row, its origin included.
        try await container.performSyncTransaction(author: nil) { _, metadata in
            try metadata.setRecordName("C", of: second)
        }
        #expect(try await container.readSyncMetadata { try $0.allRecordOrigins() }.isEmpty)
    }

    @Test("deletions are noted, replaced by a later note of the same record, listed, and forgotten below a version")
    func deletions() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Guide.self], folder: folder)
        try await container.readSyncMetadata { metadata throws in #expect(try metadata.deletions() == []) }
        try await container.performSyncTransaction(author: "sync") { _, metadata in
            try metadata.noteDeletion(ofRecordNamed: "B", entity: "Guide", version: "2")
            try metadata.noteDeletion(ofRecordNamed: "A", entity: "Guide", version: "1")
            try metadata.noteDeletion(ofRecordNamed: "B", entity: "Guide", version: "3")
        }
        try await container.readSyncMetadata { metadata throws in
            #expect(
                try metadata.deletions() == [
                    .init(recordName: "A", entity: "Guide", version: "1"),
                    .init(recordName: "B", entity: "Guide", version: "3"),
                ])
            #expect(throws: SwiftDataError.self) {
                try metadata.noteDeletion(ofRecordNamed: "C", entity: "Guide", version: "4")
            }
        }
        try await container.performSyncTransaction(author: "sync") { _, metadata in
            try metadata.forgetDeletions(below: "3")
        }
        try await container.readSyncMetadata { metadata throws in
            #expect(try metadata.deletions().map(\.recordName) == ["B"])
        }
    }

    @Test("models saved, names given and values set in a sync transaction commit together, or not at all")
    func oneTransaction() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Guide.self], folder: folder)
        struct Refused: Error {}

        await #expect(throws: Refused.self) {
            try await container.performSyncTransaction(author: "sync") { context, metadata in
                let guide = Guide(name: "Ana")
                context.insert(guide)
                try context.save()
                try metadata.setRecordName("A", of: guide.persistentModelID)
                try metadata.setValue("7", named: "cursor")
                throw Refused()
            }
        }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Guide>()) == 0)
        let rolledBack = try await container.readSyncMetadata { metadata throws in
            (try metadata.value(named: "cursor"), try metadata.identifier(ofRecordNamed: "A"))
        }
        #expect(rolledBack.0 == nil && rolledBack.1 == nil)

        let key = try await container.performSyncTransaction(author: "sync") { context, metadata in
            let guide = Guide(name: "Ana")
            context.insert(guide)
            try context.save()
            try metadata.setRecordName("A", of: guide.persistentModelID)
            try metadata.setValue("7", named: "cursor")
            return guide.persistentModelID
        }
        let reader = ModelContext(container)
        #expect(try reader.fetch(FetchDescriptor<Guide>()).map(\.name) == ["Ana"])
        let committed = try await container.readSyncMetadata { metadata throws in
            (try metadata.value(named: "cursor"), try metadata.identifier(ofRecordNamed: "A"))
        }
        #expect(committed.0 == "7" && committed.1 == key)
        // The sync transaction's save is in the history, under its author.
        let authors = try reader.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).map(\.author)
        #expect(authors == ["sync"])
    }

    @Test("a store opened read-only refuses a sync transaction")
    func readOnlyStore() async throws {
        let folder = TemporaryFolder()
        _ = try makeContainer([Guide.self], folder: folder)
        let readOnly = try ModelContainer(
            for: Schema([Guide.self]),
            configurations: [ModelConfiguration(url: folder.file("store.sqlite"), allowsSave: false)])
        await #expect {
            try await readOnly.performSyncTransaction(author: nil) { _, metadata in
                try metadata.setValue("1", named: "cursor")
            }
        } throws: { error in
            (error as? SwiftDataError)?.cause == .saveNotAllowed
        }
    }

    @Test(
        "sync transactions run on the store's writer, not on their callers' thread: callers on one thread leave it free for a task their bodies wait for"
    )
    func callersThreadStaysFree() async throws {
        let container = try makeInMemoryContainer([Guide.self])
        // The callers, and the task each body waits for, all run on one thread of their own
        // (not the shared pool, which other tests may hold): a caller that waited for SQLite
        // there would keep the task from ever running.
        let thread = OneThreadExecutor()
        let ran = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<3 {
                group.addTask(executorPreference: thread) {
                    try await container.performSyncTransaction(author: nil) { _, _ in
                        let started = DispatchSemaphore(value: 0)
                        Task(executorPreference: thread) { started.signal() }
                        return started.wait(timeout: .now() + 5) == .success
                    }
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(ran == [true, true, true])
    }

    @Test("a model made with unset properties, filled with initial values, saves and reads back")
    func unsetModel() throws {
        let container = try makeInMemoryContainer([Stop.self, Trip.self])
        #expect(container.schema.modelType(ofEntityNamed: "Stop") == Stop.self)
        #expect(container.schema.modelType(ofEntityNamed: "Nope") == nil)
        let context = ModelContext(container)
        let stop = Stop.makeWithUnsetProperties()
        context.insert(stop)
        // `title` has no default: its setter, which reads the old value, would stop the program.
        stop.setInitialValue("Belém", for: \.title)
        stop.setInitialValue(3, for: \.order)
        #expect(stop.title == "Belém")
        try context.save()

        let fetched = try ModelContext(container).fetch(FetchDescriptor<Stop>())
        #expect(fetched.map(\.title) == ["Belém"])
        #expect(fetched.map(\.order) == [3])
    }
}

/// A task executor with one thread of its own: a serial dispatch queue.
private final class OneThreadExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "SyncMetadataTests.OneThreadExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
