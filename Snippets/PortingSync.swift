// snippet.hide
import Foundation
import OpenSwiftData

@Model
final class Note {
    var text: String = ""

    init(text: String) { self.text = text }
}

let container = try ModelContainer(
    for: Note.self,
    configurations: ModelConfiguration(
        url: FileManager.default.temporaryDirectory.appending(path: "PortingSync-\(UUID().uuidString).sqlite"),
        cloudKitDatabase: .private("iCloud.example")))
// snippet.show
#if canImport(StoreSync)
    import StoreSync

    let engine = StoreSyncEngine(remote: try SyncRemote(url: "postgres://me:secret@db.example.org/notes"))
    let notes = SyncedStore(name: "notes", container: container)  // the CloudKit-configured container
    let reports = try await engine.sync([notes])  // push, then pull, once
// or: try await engine.watch([notes]) { event in … }  // live, until the task is cancelled
#endif
