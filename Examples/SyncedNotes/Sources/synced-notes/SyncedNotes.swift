import Foundation
import SwiftData

#if canImport(StoreSync)
    import StoreSync
#endif

/// Two "machines", each a store of notes configured for CloudKit, synced through the
/// PostgreSQL server at `$SYNCED_NOTES_URL` (postgres://user:password@host:port/database):
/// what CloudKit does for a SwiftData app on Apple platforms, StoreSync does on Linux with
/// the same container.
///
///     SYNCED_NOTES_URL=postgres://… synced-notes
@main
struct SyncedNotes {
    static func main() async throws {
        guard let url = ProcessInfo.processInfo.environment["SYNCED_NOTES_URL"] else {
            FileHandle.standardError.write(Data("Set SYNCED_NOTES_URL to a PostgreSQL server's URL.\n".utf8))
            exit(2)
        }
        let folder = FileManager.default.temporaryDirectory.appending(path: "synced-notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let laptop = try container(at: folder.appending(path: "laptop.store"))
        let desktop = try container(at: folder.appending(path: "desktop.store"))
        let sync = try Sync(url: url)

        let writing = ModelContext(laptop)
        writing.insert(Note(title: "Groceries", body: "bread, olives"))
        writing.insert(Note(title: "Films", body: "Stalker"))
        try writing.save()
        try await sync(laptop)
        try await sync(desktop)
        print("On the desktop after a sync: \(try titles(in: desktop))")

        // Both machines change the same note while apart, each a different property.
        let onDesktop = try note("Groceries", in: desktop)
        onDesktop.body = "bread, olives, figs"
        try onDesktop.modelContext?.save()
        let onLaptop = try note("Groceries", in: laptop)
        onLaptop.pinned = true
        try onLaptop.modelContext?.save()
        try await sync(desktop)
        try await sync(laptop)
        try await sync(desktop)
        for (name, container) in [("laptop", laptop), ("desktop", desktop)] {
            let groceries = try note("Groceries", in: container)
            print("On the \(name): \(groceries.body), pinned: \(groceries.pinned)")
        }
    }

    /// A store configured for CloudKit's private database, as a SwiftData app configures it.
    static func container(at url: URL) throws -> ModelContainer {
        try ModelContainer(
            for: Note.self, configurations: ModelConfiguration(url: url, cloudKitDatabase: .private("iCloud.notes")))
    }

    static func titles(in container: ModelContainer) throws -> [String] {
        try ModelContext(container).fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.title)])).map(\.title)
    }

    static func note(_ title: String, in container: ModelContainer) throws -> Note {
        let notes = try ModelContext(container).fetch(
            FetchDescriptor<Note>(predicate: #Predicate { $0.title == title }))
        guard let note = notes.first else { throw CocoaError(.fileNoSuchFile) }
        return note
    }
}

/// Syncs a container's store, named `notes` on the server: the few lines a SwiftData app
/// adds on Linux, where CloudKit would need none.
struct Sync {
    #if canImport(StoreSync)
        let engine: StoreSyncEngine

        init(url: String) throws {
            engine = StoreSyncEngine(remote: try SyncRemote(url: url))
        }

        func callAsFunction(_ container: ModelContainer) async throws {
            _ = try await engine.sync([SyncedStore(name: "notes", container: container)])
        }
    #else
        init(url: String) throws {}

        /// CloudKit syncs on its own on Apple platforms.
        func callAsFunction(_ container: ModelContainer) async throws {}
    #endif
}
