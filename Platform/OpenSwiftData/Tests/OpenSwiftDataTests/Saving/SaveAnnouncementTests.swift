import Foundation
import GRDB
import Synchronization
import Testing

@testable import OpenSwiftData

/// What each did-save notification announced, and what another connection to the store
/// read while the notification was being posted.
private final class AnnouncedSaves: Sendable {
    private let saves = Mutex<[(inserted: [PersistentIdentifier], tripNames: [String])]>([])
    private let other: DatabaseQueue

    init(other: DatabaseQueue) { self.other = other }

    func record(_ notification: Notification) {
        let inserted =
            notification.userInfo?[ModelContext.NotificationKey.insertedIdentifiers.rawValue]
            as? [PersistentIdentifier] ?? []
        // Other tests save at the same time: only ours are looked at afterwards.
        let names = (try? other.read { db in try String.fetchAll(db, sql: "SELECT name FROM Trip") }) ?? []
        saves.withLock { $0.append((inserted, names)) }
    }

    /// The names of the trips the other connection saw when the save that inserted
    /// `identifier` was announced; nil when it was not announced.
    func tripNamesSeen(announcing identifier: PersistentIdentifier) -> [String]? {
        saves.withLock { saves in saves.first { $0.inserted.contains(identifier) }?.tripNames }
    }
}

/// A did-save notification is posted once the save has committed: an observer that reads
/// the store then, on any connection, sees the rows the save wrote.
@Suite("Did-save is announced after the commit")
struct SaveAnnouncementTests {
    private func observe(_ folder: TemporaryFolder) throws -> (AnnouncedSaves, NSObjectProtocol) {
        let other = try DatabaseQueue(path: folder.file("store.sqlite").path)
        let announced = AnnouncedSaves(other: other)
        let token = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) {
            announced.record($0)
        }
        return (announced, token)
    }

    @Test("a sync transaction's save is announced after the transaction commits")
    func syncTransactionSave() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let (announced, token) = try observe(folder)
        defer { NotificationCenter.default.removeObserver(token) }

        let identifier = try await container.performSyncTransaction(author: "sync") { context, _ in
            let trip = Trip(name: "Synced")
            context.insert(trip)
            try context.save()
            #expect(announced.tripNamesSeen(announcing: trip.persistentModelID) == nil)
            return trip.persistentModelID
        }

        #expect(announced.tripNamesSeen(announcing: identifier) == ["Synced"])
    }

    @Test("a sync transaction that rolls back announces none of its saves")
    func rolledBackSyncTransaction() async throws {
        struct Abandon: Error {}
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let (announced, token) = try observe(folder)
        defer { NotificationCenter.default.removeObserver(token) }

        let identifier = Mutex<PersistentIdentifier?>(nil)
        await #expect(throws: Abandon.self) {
            try await container.performSyncTransaction(author: "sync") { context, _ in
                let trip = Trip(name: "Abandoned")
                context.insert(trip)
                try context.save()
                identifier.withLock { $0 = trip.persistentModelID }
                throw Abandon()
            }
        }

        let saved = try #require(identifier.withLock { $0 })
        #expect(announced.tripNamesSeen(announcing: saved) == nil)
        #expect(try readSQL(container) { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Trip") } == 0)
    }

    @Test("a context's save is announced after its commit")
    func contextSave() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let (announced, token) = try observe(folder)
        defer { NotificationCenter.default.removeObserver(token) }

        let context = ModelContext(container)
        let trip = Trip(name: "Saved")
        context.insert(trip)
        try context.save()

        #expect(announced.tripNamesSeen(announcing: trip.persistentModelID) == ["Saved"])
    }
}
