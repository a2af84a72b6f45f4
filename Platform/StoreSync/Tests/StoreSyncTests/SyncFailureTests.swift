import Foundation
import Logging
import OpenSwiftData
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

@testable import StoreSync

@Suite("Failures: one clear error, the local store untouched")
struct SyncFailureTests {
    /// The store's file, to compare before and after a failed sync.
    private func storeBytes(_ machine: Machine) throws -> [Machine.Entry] {
        try machine.movies()
    }

    @Test("an unreachable server: serverUnreachable, nothing changed")
    func unreachable() async throws {
        let machine = try Machine()
        try machine.add(movie: 1)
        // A port nothing listens on: ask the system for a free one and do not use it.
        let url = "postgres://someone:secret@127.0.0.1:\(try unusedPort())/db"
        await #expect {
            try await machine.sync(url)
        } throws: { error in
            guard case .serverUnreachable(let remote, _) = error as? SyncError else { return false }
            return !remote.contains("secret") && !"\(error)".contains("secret")
        }
        let status = try await StoreSyncStatus.read(machine.store)
        #expect(status.neverSynced && status.pendingChanges == 1)
    }

    @Test("sync(opening:) opens the stores only once the server answers, and then syncs them")
    func opensAfterConnecting() async throws {
        let closed = StoreSyncEngine(remote: try SyncRemote(url: "postgres://someone@127.0.0.1:\(try unusedPort())/db"))
        var opened = false
        await #expect {
            try await closed.sync(opening: {
                opened = true
                return []
            })
        } throws: { error in
            guard case .serverUnreachable = error as? SyncError else { return false }
            return true
        }
        #expect(!opened, "the stores are not opened for a server that cannot be reached")

        let machine = try Machine()
        try machine.add(movie: 1)
        let engine = StoreSyncEngine(remote: try SyncRemote(url: try await TestPostgres.newDatabase()))
        let reports = try await engine.sync(opening: { [machine.store] })
        #expect(reports.map(\.store) == ["notes"] && reports.first?.sentChanges == 1)
        #expect(try await StoreSyncStatus.read(machine.store).neverSynced == false)
    }

    @Test("a wrong password: authenticationFailed, and the password is in no message")
    func wrongPassword() async throws {
        let good = try SyncRemote(url: try await TestPostgres.newDatabase())
        let url =
            "postgres://\(good.user):wrong-password-123@\(good.host):\(good.port)/\(good.database)?sslmode=disable"
        let machine = try Machine()
        try machine.add(movie: 1)
        await #expect {
            try await machine.sync(url)
        } throws: { error in
            guard case .authenticationFailed = error as? SyncError else { return false }
            return !"\(error)".contains("wrong-password-123")
        }
        #expect(try await StoreSyncStatus.read(machine.store).neverSynced)
    }

    @Test("a database that does not exist: databaseMissing")
    func missingDatabase() async throws {
        let good = try SyncRemote(url: try TestPostgres.url())
        let url = try TestPostgres.url().replacingOccurrences(of: "/postgres", with: "/no_such_database")
        let machine = try Machine()
        await #expect(
            throws: SyncError.databaseMissing(
                remote: good.description.replacingOccurrences(
                    of: "/postgres", with: "/no_such_database"), database: "no_such_database")
        ) {
            try await machine.sync(url)
        }
    }

    @Test("sync tables written by a newer release: refused before anything is sent or applied")
    func newerRemoteSchema() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 1)
        try await a.sync(url)
        _ = try await TestPostgres.execute("UPDATE storesync_schema SET version = 99", on: url)
        try b.add(movie: 2)
        let remote = try SyncRemote(url: url)
        await #expect(
            throws: SyncError.remoteSchemaNewer(remote: remote.description, found: 99, supported: RemoteSchema.version)
        ) {
            try await b.sync(url)
        }
        #expect(try b.movies().map(\.movie) == [2])
        #expect(try await StoreSyncStatus.read(b.store).neverSynced)
        let rows = try await TestPostgres.execute("SELECT count(*) FROM storesync_records_notes", on: url)
        #expect(try rows.first?.decode(Int.self) == 1)
    }

    @Test("a store not configured for CloudKit, badly named, or with an unknown domain key is refused")
    func notSyncable() async throws {
        let folder = TemporaryFolder(prefix: "StoreSyncTests")
        let local = try ModelContainer(
            for: Schema([WatchedMovie.self]), configurations: [ModelConfiguration(url: folder.file("a.sqlite"))])
        let related = try ModelContainer(
            for: Schema([Shelf.self]),
            configurations: [
                ModelConfiguration(url: folder.file("b.sqlite"), cloudKitDatabase: .private("iCloud.tests"))
            ])
        let engine = StoreSyncEngine(remote: try SyncRemote(url: "postgres://u:p@127.0.0.1:1/db"))
        for store in [
            SyncedStore(name: "local", container: local), SyncedStore(name: "Bad-Name", container: related),
            SyncedStore(name: "keys", container: local, domainKeys: ["WatchedMovie": ["title"]]),
        ] {
            await #expect {
                try await engine.sync([store])
            } throws: { error in
                if case .storeNotSyncable = error as? SyncError { return true }
                return false
            }
        }
        // The folder outlives the containers whose files it holds.
        withExtendedLifetime(folder) {}
    }

    @Test(
        "a push cut off before its server transaction commits leaves nothing half done: the next sync sends it all once"
    )
    func interruptedPush() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        for movie in 1...20 { try a.add(movie: movie) }
        // The first step (names given, nothing sent) as a sync killed right after it.
        let store = a.store
        let server = try await serverID(url)
        _ = try await OutgoingChanges.prepare(store: store, server: server, remote: SyncRemote(url: url))
        let report = try await Machine(reopening: a).sync(url)
        #expect(report.sentChanges == 20)
        try await b.sync(url)
        #expect(try b.movies().count == 20)
        let rows = try await TestPostgres.execute("SELECT count(*) FROM storesync_records_notes", on: url)
        #expect(try rows.first?.decode(Int.self) == 20)
    }

    @Test("a store whose sync fails leaves the next store synced; the failure is thrown once both were tried")
    func oneStoreFailsTheOtherSyncs() async throws {
        let url = try await TestPostgres.newDatabase()
        let notes = try Machine()
        let library = try Library()
        let engine = StoreSyncEngine(remote: try SyncRemote(url: url), logger: Logger(label: "test"))
        _ = try await engine.sync([notes.store, library.store])
        // The server's table of the first store no longer takes a push.
        _ = try await TestPostgres.execute(
            "ALTER TABLE storesync_records_notes DROP COLUMN field_versions", on: url)
        try notes.add(movie: 5)
        try library.change { $0.insert(Author(name: "Y")) }
        await #expect {
            try await engine.sync([notes.store, library.store])
        } throws: { error in
            guard case .server = error as? SyncError else { return false }
            return true
        }
        #expect(try await StoreSyncStatus.read(notes.store).pendingChanges == 1)
        #expect(try await StoreSyncStatus.read(library.store).pendingChanges == 0)
        let other = try Library()
        try await other.sync(url)
        #expect(try other.contents() == ["author Y books []"])
    }

    @Test("a server's message is shown on one line without the control characters a terminal would act on")
    func serverTextIsPrintable() {
        let hostile = "\u{1B}[2J\u{1B}]0;owned\u{7}relation \"x\" does not exist\nDETAIL: \r\u{0}\u{9B}31m"
        let errors: [SyncError] = [
            .server(remote: "postgres://me@host/db", message: hostile),
            .serverUnreachable(remote: "postgres://me@host/db", reason: hostile),
            .untrustedServer(remote: "postgres://me@host/db", reason: hostile),
            .localStore(store: "notes", reason: hostile),
            .storeNotSyncable(store: "notes", reason: hostile),
        ]
        for error in errors {
            let text = error.description
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(text)")
            #expect(text.contains("relation \"x\" does not exist\\u{a}DETAIL: "))
        }
        let long = SyncError.server(remote: "r", message: String(repeating: "a", count: 100_000)).description
        #expect(long.count < 2_200)
    }

    private func serverID(_ url: String) async throws -> UUID {
        // Creates the tables as a sync would, through a sync of an empty machine.
        try await Machine().sync(url)
        let rows = try await TestPostgres.execute("SELECT server_id FROM storesync_schema", on: url)
        return try #require(try rows.first?.decode(UUID.self))
    }

    private func unusedPort() throws -> Int {
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(server) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(server, $0, length) }
        }
        #expect(bound == 0)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(server, $0, &length) }
        }
        #expect(named == 0)
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
