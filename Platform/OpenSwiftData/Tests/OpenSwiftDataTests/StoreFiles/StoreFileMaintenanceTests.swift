import Foundation
import Testing

@testable import OpenSwiftData

@Suite("StoreFile: checkpoint, move and remove a store's files")
struct StoreFileMaintenanceTests {
    typealias Fixtures = StoreFileFixtures

    func size(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
    }

    @Test("the files of a store are the main file, its -wal and its -shm")
    func files() {
        let store = StoreFile(url: URL(fileURLWithPath: "/data/popcorn-search-cloudkit.sqlite"))
        #expect(
            store.fileURLs.map(\.path) == [
                "/data/popcorn-search-cloudkit.sqlite", "/data/popcorn-search-cloudkit.sqlite-wal",
                "/data/popcorn-search-cloudkit.sqlite-shm",
            ])
        #expect(store.companionURLs.map(\.path) == Array(store.fileURLs.map(\.path).dropFirst()))
        #expect(store.description == "/data/popcorn-search-cloudkit.sqlite")
    }

    @Test("a checkpoint folds the -wal into the main file, which then holds every row alone")
    func checkpoint() throws {
        let folder = TemporaryFolder()
        let live = folder.file("live.sqlite")
        let copy = folder.file("copy.sqlite")
        let container = try ModelContainer(
            for: Fixtures.schemaV1, migrationPlan: WatchlistV1OnlyPlan.self,
            configurations: [ModelConfiguration(url: live)])
        try Fixtures.insert(Array(1...25), into: container)
        // A copy taken while the container is open: its rows are in its -wal.
        for (from, to) in zip(StoreFile(url: live).fileURLs, StoreFile(url: copy).fileURLs) {
            try FileManager.default.copyItem(at: from, to: to)
        }
        withExtendedLifetime(container) {}
        #expect(size(StoreFile(url: copy).companionURLs[0]) > 0)
        #expect(try StoreFile(url: copy).checkpoint())
        #expect(size(StoreFile(url: copy).companionURLs[0]) == 0)
        let mainOnly = folder.file("main-only.sqlite")
        try FileManager.default.copyItem(at: copy, to: mainOnly)
        #expect(try Fixtures.movieIDs(at: mainOnly) == Array(1...25))
    }

    @Test("checkpointing no store or a file that is not a database fails and changes nothing")
    func checkpointRefusals() throws {
        let folder = TemporaryFolder()
        #expect(throws: SwiftDataError.self) { try StoreFile(url: folder.file("none.sqlite")).checkpoint() }
        #expect(!FileManager.default.fileExists(atPath: folder.file("none.sqlite").path))
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let garbage = folder.file("garbage.sqlite")
        try Fixtures.garbage.write(to: garbage)
        #expect {
            try StoreFile(url: garbage).checkpoint()
        } throws: { error in
            guard case .notADatabase = (error as? SwiftDataError)?.cause else { return false }
            return true
        }
        #expect(try fileBytes(garbage) == Fixtures.garbage)
    }

    @Test("move renames each existing file to the same suffix, and the store opens at its new name")
    func move() throws {
        let folder = TemporaryFolder()
        let old = folder.file("searchkit-cloudkit.sqlite")
        let new = folder.file("popcorn-search-cloudkit.sqlite")
        try Fixtures.writeV1(old, ids: [4, 5])
        try Data("log".utf8).write(to: StoreFile(url: old).companionURLs[1])
        try StoreFile(url: old).move(to: new)
        #expect(!StoreFile(url: old).hasAnyFile)
        #expect(
            try Fixtures.names(in: folder) == ["popcorn-search-cloudkit.sqlite", "popcorn-search-cloudkit.sqlite-shm"])
        try FileManager.default.removeItem(at: StoreFile(url: new).companionURLs[1])
        #expect(try Fixtures.movieIDs(at: new) == [4, 5])
        #expect(throws: SwiftDataError.self) {
            try StoreFile(url: new).move(to: folder.file("missing-folder/x.sqlite"))
        }
        #expect(StoreFile(url: new).exists, "a failed rename leaves the file where it was")
    }

    @Test("removeFiles removes the store with its -wal and -shm, nothing else, and tolerates absent files")
    func remove() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let store = StoreFile(url: folder.file("popcorn-movies.sqlite"))
        let neighbour = folder.file("popcorn-movies-cloudkit.sqlite")
        for file in store.fileURLs + [neighbour] {
            #expect(FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8)))
        }
        #expect(store.hasAnyFile)
        store.removeFiles()
        #expect(!store.hasAnyFile)
        #expect(FileManager.default.fileExists(atPath: neighbour.path))
        store.removeFiles()
        StoreFile(url: folder.file("missing/nested/store.sqlite")).removeFiles()
    }
}
