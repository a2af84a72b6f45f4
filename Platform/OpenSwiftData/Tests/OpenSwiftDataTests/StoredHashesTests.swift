import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Suite("A store's entity hashes, read with SQLite's C API before opening it")
struct StoredHashesTests {
    @Test("a model store gives its schema's hashes, with the store open or closed, and is left unchanged")
    func modelStore() throws {
        let folder = TemporaryFolder()
        let schema = Schema([Note.self, AllTypes.self])
        let path = folder.file("store.sqlite").path
        do {
            let container = try makeContainer([Note.self, AllTypes.self], folder: folder)
            #expect(StoredHashes.read(path: path) == schema.layout.hashes)
            _ = container
        }
        let before = try fileBytes(folder.file("store.sqlite"))
        #expect(StoredHashes.read(path: path) == schema.layout.hashes)
        #expect(try fileBytes(folder.file("store.sqlite")) == before)
        // Another schema's container still opens the file as it did: its hashes differ.
        #expect(StoredHashes.read(path: path) != Schema([Note.self]).layout.hashes)
    }

    @Test("anything but a model store gives nil: a missing file, another SQLite file, bytes that are not SQLite")
    func notAModelStore() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        #expect(StoredHashes.read(path: folder.file("missing.sqlite").path) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing.sqlite").path))

        let other = folder.file("other.sqlite")
        try DatabaseQueue(path: other.path).write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        #expect(StoredHashes.read(path: other.path) == nil)

        let garbage = folder.file("garbage.sqlite")
        try Data(repeating: 0x5A, count: 4096).write(to: garbage)
        #expect(StoredHashes.read(path: garbage.path) == nil)
    }
}
