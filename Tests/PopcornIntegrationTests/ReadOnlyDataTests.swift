import Foundation
import PopcornApp
import PopcornTestSupport
import Testing

/// Reading never needs write access: a read-only data folder or store file (a read-only
/// bind mount as root, permissions otherwise) still lists the watchlist and the history;
/// a command that would change them fails in one line and changes nothing.
@Suite("popcorn with read-only user data")
struct ReadOnlyDataTests {
    /// A watchlist of two movies and a history of one, written by `popcorn` itself.
    static func makeUserData() throws -> PopcornProcess {
        let popcorn = PopcornProcess()
        for arguments in [
            ["watchlist", "add", "1019"], ["watchlist", "add", "1011"], ["search", "violin", "--pick", "1"],
        ] {
            let result = try popcorn.run(arguments)
            try #require(result.status == 0, "\(result.standardError)")
        }
        return popcorn
    }

    /// Expects the command to succeed with one note on standard error and returns its
    /// output decoded.
    static func readOnly<T: Decodable>(
        _ popcorn: PopcornProcess, _ path: URL, _ arguments: [String], as type: T.Type,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        let result = try popcorn.runWithReadOnly(path, arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(
            lines.first?.hasPrefix("popcorn: note: ") == true && result.standardError.contains("cannot be saved"),
            sourceLocation: sourceLocation)
        return try PopcornJSON.decoder().decode(T.self, from: Data(result.standardOutput.utf8))
    }

    /// Expects a command that changes user data to fail in one line with status 65,
    /// with and without `--json`.
    static func refused(
        _ popcorn: PopcornProcess, _ path: URL, _ arguments: [String], binary: PopcornProcess.Binary = .popcorn,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for arguments in [arguments, arguments + ["--json"]] {
            let result = try popcorn.runWithReadOnly(path, arguments, binary: binary)
            #expect(result.status == 65, "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
            #expect(result.standardOutput.isEmpty, sourceLocation: sourceLocation)
            #expect(result.standardError.split(separator: "\n").count == 1, sourceLocation: sourceLocation)
            #expect(
                result.standardError.contains("read-only"), "\(result.standardError)", sourceLocation: sourceLocation)
        }
    }

    /// Reads everything and tries every change with `path` read-only, and expects the
    /// data folder byte-identical afterwards.
    static func readEverythingChangeNothing(_ popcorn: PopcornProcess, readOnly path: URL) throws {
        // A copy of the watchlist outside the data folder, to restore.
        let copy = popcorn.root.appending(path: "watchlist-copy.sqlite")
        try FileManager.default.copyItem(at: popcorn.watchlistStore, to: copy)
        let before = try popcorn.dataFiles()
        let watchlist = try readOnly(popcorn, path, ["watchlist", "list"], as: WatchlistJSON.self)
        #expect(watchlist.movies.map(\.id) == [1011, 1019])
        #expect(watchlist.movies.map(\.title) == ["The Glass Regatta", "The Violin Thief"])
        let history = try readOnly(popcorn, path, ["history", "list"], as: HistoryJSON.self)
        #expect(history.entries.map(\.id) == [1019])
        #expect(try readOnly(popcorn, path, ["movies", "show", "1019"], as: MovieDetailsJSON.self).onWatchlist)
        let status = try readOnly(popcorn, path, ["stores", "status"], as: StoresStatusJSON.self)
        let watchlistStore = try #require(status.stores.first { $0.name == "watchlist" })
        #expect(!watchlistStore.writable && watchlistStore.state == "ok" && watchlistStore.totalRows == 2)
        let check = try popcorn.runWithReadOnly(path, ["stores", "check", "--json"])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(
            try PopcornJSON.decoder().decode(StoresCheckJSON.self, from: Data(check.standardOutput.utf8)).problems == 0)
        #expect(check.standardError.split(separator: "\n").count == 1, "\(check.standardError)")
        #expect(
            check.standardError.hasPrefix("popcorn: note: ") && check.standardError.contains("cannot be saved")
                && check.standardError.contains("popcorn-movies-cloudkit.sqlite"), "\(check.standardError)")
        let text = try popcorn.runWithReadOnly(path, ["watchlist", "list"])
        #expect(text.status == 0 && text.standardOutput.contains("The Violin Thief"))
        let migrate = try readOnly(popcorn, path, ["stores", "migrate"], as: StoresMigrateJSON.self)
        #expect(migrate.stores.map(\.name) == ["watchlist", "history"] && migrate.stores.allSatisfy(\.upToDate))
        let sync = try readOnly(popcorn, path, ["sync", "status"], as: SyncStatusJSON.self)
        #expect(sync.stores.map(\.store) == ["watchlist", "history"])
        #expect(sync.stores.map(\.pendingChanges) == [2, 1] && sync.stores.allSatisfy(\.neverSynced))

        try refused(popcorn, path, ["watchlist", "add", "1031"])
        try refused(popcorn, path, ["watchlist", "remove", "1019"])
        try refused(popcorn, path, ["history", "clear"])
        try refused(popcorn, path, ["search", "tram", "--pick", "1"])
        try refused(popcorn, path, ["stores", "backup", "watchlist"])
        try refused(popcorn, path, ["stores", "restore", "watchlist", copy.path])
        // The next release has a V2 of the watchlist to migrate to.
        try refused(popcorn, path, ["stores", "migrate"], binary: .popcornNext)
        // Refused before any server is contacted (none listens there); no password shown.
        let server = "postgres://me:\(ExitStatusTests.syncPassword)@127.0.0.1:1/popcorn"
        try refused(popcorn, path, ["sync", "--remote", server])
        #expect(try popcorn.dataFiles() == before, "every file of the data folder is byte-identical")
    }

    @Test("a read-only data folder: the watchlist and the history are listed, watchlist add fails in one line")
    func readOnlyFolder() throws {
        let popcorn = try Self.makeUserData()
        #expect(
            try popcorn.dataFiles().keys.allSatisfy { !$0.hasSuffix("-shm") },
            "popcorn leaves no -shm: the stores are read in SQLite's immutable mode")
        try Self.readEverythingChangeNothing(popcorn, readOnly: popcorn.dataDirectory)
    }

    @Test("a read-only store file in a writable folder is read the same way")
    func readOnlyStoreFiles() throws {
        let popcorn = try Self.makeUserData()
        let before = try popcorn.dataFiles()
        let watchlist = try Self.readOnly(
            popcorn, popcorn.watchlistStore, ["watchlist", "list"], as: WatchlistJSON.self)
        #expect(watchlist.movies.map(\.id) == [1011, 1019])
        try Self.refused(popcorn, popcorn.watchlistStore, ["watchlist", "add", "1031"])
        #expect(try Data(contentsOf: popcorn.watchlistStore) == before[popcorn.watchlistStore.lastPathComponent])
    }

    @Test("a read-only folder whose write-ahead log another process keeps open: its newest rows are read too")
    func openWriteAheadLog() async throws {
        let popcorn = try Self.makeUserData()
        // Another process, here this test, holds the watchlist open and has added a row
        // that is still in the -wal, with the -shm index beside it.
        let writer = LocalUserStores(popcorn)
        _ = try await writer.watchlist.add(movieID: 1031)
        #expect(StoreReading.fileSize(URL(fileURLWithPath: popcorn.watchlistStore.path + "-wal")) > 0)
        #expect(FileManager.default.fileExists(atPath: popcorn.watchlistStore.path + "-shm"))
        let watchlist = try Self.readOnly(
            popcorn, popcorn.dataDirectory, ["watchlist", "list"], as: WatchlistJSON.self)
        #expect(watchlist.movies.map(\.id) == [1031, 1011, 1019])
        withExtendedLifetime(writer) {}
    }

    @Test("a -wal left without its -shm in a read-only folder is refused in one line, not read without its rows")
    func writeAheadLogWithoutIndex() async throws {
        let popcorn = try Self.makeUserData()
        let writer = LocalUserStores(popcorn)
        _ = try await writer.watchlist.add(movieID: 1031)
        #expect(StoreReading.fileSize(URL(fileURLWithPath: popcorn.watchlistStore.path + "-wal")) > 0)
        // What a crash can leave: the store and its log, without the index.
        let crashed = PopcornProcess()
        try FileManager.default.createDirectory(at: crashed.dataDirectory, withIntermediateDirectories: true)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(
                atPath: popcorn.watchlistStore.path + suffix, toPath: crashed.watchlistStore.path + suffix)
        }
        withExtendedLifetime(writer) {}
        let before = try crashed.dataFiles()
        let result = try crashed.runWithReadOnly(crashed.dataDirectory, ["watchlist", "list", "--json"])
        #expect(result.status == 65)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("-shm") && result.standardError.contains("write access"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(try crashed.dataFiles() == before)
    }

    @Test(
        "a history still under its legacy name, which must be moved before it is read, is refused in a read-only folder"
    )
    func legacyHistory() throws {
        let popcorn = try Self.makeUserData()
        let legacy = popcorn.dataDirectory.appending(path: "searchkit-cloudkit.sqlite")
        try FileManager.default.moveItem(at: popcorn.historyStore, to: legacy)
        let before = try popcorn.dataFiles()
        let result = try popcorn.runWithReadOnly(popcorn.dataDirectory, ["history", "list", "--json"])
        #expect(result.status == 65)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains("searchkit-cloudkit.sqlite"), "\(result.standardError)")
        #expect(try popcorn.dataFiles() == before)
        // With write access it is moved and read, every row kept.
        #expect(try popcorn.json(HistoryJSON.self, ["history", "list"]).entries.map(\.id) == [1019])
    }

    @Test("a read-only data folder with no stores yet lists an empty watchlist and history")
    func readOnlyEmptyFolder() throws {
        let popcorn = PopcornProcess()
        try FileManager.default.createDirectory(at: popcorn.dataDirectory, withIntermediateDirectories: true)
        let watchlist = try Self.readOnly(
            popcorn, popcorn.dataDirectory, ["watchlist", "list"], as: WatchlistJSON.self)
        #expect(watchlist.movies.isEmpty)
        #expect(
            try Self.readOnly(popcorn, popcorn.dataDirectory, ["history", "list"], as: HistoryJSON.self).entries.isEmpty
        )
        #expect(try popcorn.dataFiles().isEmpty)
    }
}
