import Foundation
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import DataPersistenceInfrastructure

@Suite("removeSQLiteFiles")
struct RemoveSQLiteFilesTests {
    @Test("removes the store with its -wal and -shm, and nothing else")
    func removesAllThree() throws {
        let folder = TemporaryFolder()
        let url = folder.file("popcorn-movies.sqlite")
        let neighbour = folder.file("popcorn-movies-cloudkit.sqlite")
        for file in StoreFile(url: url).fileURLs + [neighbour] {
            #expect(FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8)))
        }
        ModelContainerFactory.removeSQLiteFiles(at: url)
        #expect(!fileExists(url))
        #expect(!fileExists(companion(url, "-wal")))
        #expect(!fileExists(companion(url, "-shm")))
        #expect(fileExists(neighbour))
    }

    @Test("absent files are fine: none, or only some of the three")
    func toleratesAbsentFiles() throws {
        let folder = TemporaryFolder()
        let url = folder.file("store.sqlite")
        ModelContainerFactory.removeSQLiteFiles(at: url)
        ModelContainerFactory.removeSQLiteFiles(at: folder.file("missing/nested/store.sqlite"))
        #expect(FileManager.default.createFile(atPath: companion(url, "-wal").path, contents: Data()))
        ModelContainerFactory.removeSQLiteFiles(at: url)
        #expect(!fileExists(companion(url, "-wal")))
    }
}
