import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Suite("Opening existing files")
struct StoreOpeningTests {
    @Test("an unchanged store opens with its rows")
    func reopen() throws {
        let folder = TemporaryFolder()
        do {
            let container = try makeContainer(tripSchemaTypes, folder: folder)
            let context = ModelContext(container)
            context.insert(Trip(name: "kept"))
            try context.save()
        }
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        #expect(try ModelContext(container).fetch(FetchDescriptor<Trip>()).map(\.name) == ["kept"])
    }

    @Test("a store whose entity would be dropped with its rows is refused and left byte-identical")
    func schemaMismatch() throws {
        let folder = TemporaryFolder()
        let url = folder.file("store.sqlite")
        do {
            let container = try ModelContainer(
                for: MoviesWatchlistMovieEntity.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            context.insert(MoviesWatchlistMovieEntity(movieID: 1, createdAt: .now))
            try context.save()
        }
        let before = try fileBytes(url)
        #expect {
            _ = try ModelContainer(for: WatchlistWithNote.self, configurations: ModelConfiguration(url: url))
        } throws: { error in
            guard case .refusedChange(let entity, nil, let reason, _) = (error as? SwiftDataError)?.cause else {
                return false
            }
            return entity == "MoviesWatchlistMovieEntity" && reason.contains("still holds 1 rows")
        }
        #expect(try fileBytes(url) == before)
    }

    @Test("a file that is not a database is reported as such and left alone")
    func garbageFile() throws {
        let folder = TemporaryFolder()
        let url = folder.file("store.sqlite")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: url)
        expectCause(.notADatabase(path: url.path)) {
            _ = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
        }
        #expect(try fileBytes(url) == garbage)
    }

    @Test("a zero-length file becomes a new store")
    func emptyFile() throws {
        let folder = TemporaryFolder()
        let url = folder.file("store.sqlite")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Trip>()) == 0)
    }

    @Test("an SQLite database written by something else is refused")
    func foreignDatabase() throws {
        let folder = TemporaryFolder()
        let url = folder.file("store.sqlite")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT)")
        }
        let before = try fileBytes(url)
        expectCause(.notAModelStore(path: url.path, tables: ["people"])) {
            _ = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
        }
        #expect(try fileBytes(url) == before)
    }
}

@Model
final class WatchlistWithNote {
    var movieID: Int?
    var note: String?

    init(movieID: Int) { self.movieID = movieID }
}
