import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Suite("StoreFile.checkIntegrity: SQLite's integrity check, read-only")
struct StoreIntegrityTests {
    @Test("a sound store is ok, and is not changed by the check")
    func sound() throws {
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        try StoreFileFixtures.writeV1(url, ids: Array(1...50))
        let before = try fileBytes(url)
        #expect(StoreFile(url: url).checkIntegrity() == .ok)
        #expect(try fileBytes(url) == before)
    }

    @Test("an index that disagrees with its table is reported with SQLite's messages")
    func damagedIndex() throws {
        let folder = TemporaryFolder()
        let url = folder.file("cache.sqlite")
        do {
            let container = try makeContainer([MoviesGenreEntity.self], folder: folder, name: "cache.sqlite")
            let context = ModelContext(container)
            for id in 1...20 { context.insert(MoviesGenreEntity(genreID: id, name: "genre \(id)")) }
            try context.save()
        }
        // Make the unique index describe another column than the one it holds, as a
        // damaged page would leave it.
        let queue = try DatabaseQueue(path: url.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA writable_schema = ON")
            try db.execute(
                sql: """
                    UPDATE sqlite_master SET sql = replace(sql, '("genreID")', '("name")')
                    WHERE type = 'index' AND tbl_name = 'MoviesGenreEntity'
                    """)
            #expect(db.changesCount == 1)
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        }
        try queue.close()
        let check = StoreFile(url: url).checkIntegrity()
        guard case .problems(let problems) = check else {
            Issue.record("expected problems, got \(check)")
            return
        }
        #expect(!problems.isEmpty)
        #expect(check.description == problems.joined(separator: "; "))
    }

    @Test("a file that is not a database is unreadable, and is left byte for byte")
    func garbage() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let url = folder.file("garbage.sqlite")
        try StoreFileFixtures.garbage.write(to: url)
        #expect(StoreFile(url: url).checkIntegrity() == .unreadable(reason: "file is not a database"))
        #expect(StoreFile(url: url).checkIntegrity().description == "damaged: file is not a database")
        #expect(try fileBytes(url) == StoreFileFixtures.garbage)
    }
}
