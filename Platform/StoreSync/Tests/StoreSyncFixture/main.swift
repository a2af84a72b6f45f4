// A second process for the tests: a machine run under `faketime`, or a sync the
// simulation kills with SIGKILL. One data folder, one command; the models are those of
// the tests' `Machine` (Support/TestModels.swift), so that both open the same store.
//
//   storesync-fixture FOLDER note MOVIE TEXT   adds the movie, or sets its note
//   storesync-fixture FOLDER sync URL          prints SYNCING, syncs the folder's store with the server,
//                                              then prints what it sent and received
//   storesync-fixture FOLDER list              prints MOVIE/NOTE lines, by movie
//   storesync-fixture FOLDER watch URL         syncs live until killed; prints WATCHING, then
//                                              SYNCED after each sync the watch runs
//   storesync-fixture now                      prints this process's time, seconds since 1970
//
// With STORESYNC_FIXTURE_RELEASE=newer, the store is opened as the tests' newer release
// opens it (Support/NewerRelease.swift: a watchlist entry with a rating).
import Foundation
import Logging
import OpenSwiftData
import StoreSync

@Model
final class WatchedMovie {
    var movieID: Int?
    var createdAt: Date?
    var note: String?

    init(movieID: Int, note: String?) {
        self.movieID = movieID
        self.note = note
    }
}

/// The newer release's watchlist entry (the entity `WatchedMovie`, with a rating).
enum NewerRelease {
    @Model
    final class WatchedMovie {
        var movieID: Int?
        var createdAt: Date?
        var note: String?
        var rating: Int?

        init(movieID: Int, note: String?) {
            self.movieID = movieID
            self.note = note
        }
    }
}

@Model
final class Memo {
    var title: String?
    var rating: Double = 0
    var tags: [String] = []
    var kind: Kind?
    var identifier: UUID?
    var folder: Folder?

    enum Kind: String, Codable {
        case idea, reminder
    }

    init(title: String) { self.title = title }
}

@Model
final class Folder {
    var name: String?
    var note: String?
    @Relationship(deleteRule: .nullify, inverse: \Memo.folder) var memos: [Memo]? = []

    init(name: String) { self.name = name }
}

@Model
final class Shelf {
    var name: String?
    @Relationship(deleteRule: .nullify) var memos: [Memo]? = []

    init(name: String) { self.name = name }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["now"] {
    print(Date().timeIntervalSince1970)
    exit(0)
}
guard arguments.count >= 2 else { fail("usage: storesync-fixture FOLDER note|sync|list …") }
let folder = URL(filePath: arguments[0])
let isNewer = ProcessInfo.processInfo.environment["STORESYNC_FIXTURE_RELEASE"] == "newer"
let container = try ModelContainer(
    for: Schema([isNewer ? NewerRelease.WatchedMovie.self : WatchedMovie.self, Memo.self, Folder.self, Shelf.self]),
    configurations: [
        ModelConfiguration(url: folder.appending(path: "notes.sqlite"), cloudKitDatabase: .private("iCloud.tests"))
    ])
let store = SyncedStore(
    name: "notes", container: container, domainKeys: ["WatchedMovie": ["movieID"], "Shelf": ["name"]])

if isNewer, ["note", "list"].contains(arguments[1]) {
    fail("\(arguments[1]) reads this release's watchlist entries: run it without STORESYNC_FIXTURE_RELEASE")
}

switch (arguments[1], arguments.count) {
case ("note", 4):
    guard let movie = Int(arguments[2]) else { fail("not a movie id: \(arguments[2])") }
    let context = ModelContext(container)
    let found = try context.fetch(FetchDescriptor<WatchedMovie>(predicate: #Predicate { $0.movieID == movie }))
    if found.isEmpty {
        context.insert(WatchedMovie(movieID: movie, note: arguments[3]))
    }
    for entry in found { entry.note = arguments[3] }
    try context.save()
case ("sync", 3):
    let engine = StoreSyncEngine(remote: try SyncRemote(url: arguments[2]), logger: Logger(label: "fixture"))
    // Written unbuffered, as the sync starts: a test that kills the process counts its delay
    // from here, so that the kill lands inside the sync (or after it finished).
    FileHandle.standardOutput.write(Data("SYNCING\n".utf8))
    for report in try await engine.sync([store]) {
        print("sent \(report.sent), received \(report.received)")
    }
case ("watch", 3):
    let engine = StoreSyncEngine(remote: try SyncRemote(url: arguments[2]), logger: Logger(label: "fixture"))
    // Written unbuffered: the test reads these lines while the watch runs, and kills it.
    FileHandle.standardOutput.write(Data("WATCHING\n".utf8))
    try await engine.watch([store]) { event in
        if case .synced = event { FileHandle.standardOutput.write(Data("SYNCED\n".utf8)) }
    }
case ("list", 2):
    let movies = try ModelContext(container).fetch(
        FetchDescriptor<WatchedMovie>(sortBy: [SortDescriptor(\.movieID)]))
    for movie in movies { print("\(movie.movieID.map(String.init) ?? "nil")/\(movie.note ?? "-")") }
default:
    fail("unknown command: \(arguments.dropFirst().joined(separator: " "))")
}
