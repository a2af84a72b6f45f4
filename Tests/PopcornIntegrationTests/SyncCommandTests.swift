import Foundation
import PopcornApp
import PopcornTestSupport
import StoreSyncTesting
import Testing

/// `popcorn sync` between two data folders ("machines") and a real PostgreSQL server.
@Suite("popcorn sync, two machines and one server")
struct SyncCommandTests {
    /// Movie ids of the offline catalog, for `watchlist add`.
    private func catalogMovies(_ popcorn: PopcornProcess) throws -> [String] {
        let page = try decode(MovieListJSON.self, popcorn, ["movies", "popular"])
        return page.results.map { String($0.id) }
    }

    /// The watchlist's movie ids, newest first.
    private func watchlistIDs(_ popcorn: PopcornProcess) throws -> [String] {
        try decode(WatchlistJSON.self, popcorn, ["watchlist", "list"]).movies.map { String($0.id) }
    }

    /// `popcorn ARGUMENTS --json`, decoded.
    private func decode<T: Decodable>(
        _ type: T.Type, _ popcorn: PopcornProcess, _ arguments: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        let result = try popcorn.run(arguments + ["--json"])
        #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
        return try PopcornJSON.decoder().decode(T.self, from: Data(result.standardOutput.utf8))
    }

    @Test(
        "add on A, sync A, sync B: B lists it; remove on B, sync both: gone on both; the same movie on both: one entry")
    func addRemoveSame() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = SyncMachine()
        let b = SyncMachine()
        let movies = try catalogMovies(a.popcorn)
        #expect(movies.count >= 3)

        #expect(try a.popcorn.run(["watchlist", "add", movies[0]]).status == 0)
        let first = try a.syncJSON(url)
        #expect(first.store("watchlist")?.sent == .init(changes: 1, deletions: 0))
        let second = try b.syncJSON(url)
        #expect(second.store("watchlist")?.received == .init(insertions: 1, updates: 0, deletions: 0))
        #expect(try watchlistIDs(b.popcorn) == [movies[0]])

        #expect(try b.popcorn.run(["watchlist", "remove", movies[0]]).status == 0)
        #expect(try b.syncJSON(url).store("watchlist")?.sent == .init(changes: 0, deletions: 1))
        #expect(try a.syncJSON(url).store("watchlist")?.received.deletions == 1)
        #expect(try watchlistIDs(a.popcorn).isEmpty)
        #expect(try watchlistIDs(b.popcorn).isEmpty)

        #expect(try a.popcorn.run(["watchlist", "add", movies[1]]).status == 0)
        #expect(try b.popcorn.run(["watchlist", "add", movies[1]]).status == 0)
        for machine in [a, b, a] { #expect(try machine.sync(url).status == 0) }
        #expect(try watchlistIDs(a.popcorn) == [movies[1]])
        #expect(try watchlistIDs(b.popcorn) == [movies[1]])
        // One row in each store, not two that the listing folds: the watchlist's sync key
        // (its movie) names both machines' entries as one record.
        for machine in [a, b] {
            #expect(
                try StoreReading.rowCount(of: "MoviesWatchlistMovieEntity", at: machine.popcorn.watchlistStore) == 1)
        }
    }

    @Test("edits on both machines while offline, the watchlist and the history, converge to the same state on both")
    func offlineEditsConverge() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = SyncMachine()
        let b = SyncMachine()
        let movies = try catalogMovies(a.popcorn)
        for id in movies.prefix(4) { #expect(try a.popcorn.run(["watchlist", "add", id]).status == 0) }
        #expect(try a.popcorn.run(["search", "the", "--pick", "1"]).status == 0)
        for machine in [a, b] { #expect(try machine.sync(url).status == 0) }

        // Offline: A removes one and adds one; B removes another, adds two, and both pick
        // search results (one the same).
        #expect(try a.popcorn.run(["watchlist", "remove", movies[0]]).status == 0)
        #expect(try a.popcorn.run(["watchlist", "add", movies[4]]).status == 0)
        #expect(try b.popcorn.run(["watchlist", "remove", movies[1]]).status == 0)
        #expect(try b.popcorn.run(["watchlist", "add", movies[5]]).status == 0)
        #expect(try b.popcorn.run(["watchlist", "add", movies[6]]).status == 0)
        #expect(try a.popcorn.run(["search", "the", "--pick", "2"]).status == 0)
        #expect(try b.popcorn.run(["search", "the", "--pick", "2"]).status == 0)
        #expect(try b.popcorn.run(["search", "the", "--pick", "3"]).status == 0)
        for machine in [a, b, a] { #expect(try machine.sync(url).status == 0) }

        let watchlistA = try watchlistIDs(a.popcorn)
        #expect(watchlistA == (try watchlistIDs(b.popcorn)))
        #expect(Set(watchlistA) == Set([movies[2], movies[3], movies[4], movies[5], movies[6]]))
        let historyA = try decode(HistoryJSON.self, a.popcorn, ["history", "list"])
        #expect(historyA == (try decode(HistoryJSON.self, b.popcorn, ["history", "list"])))
        #expect(historyA.entries.count == 3)
    }

    @Test("the output: a table, --json of the documented shape, sync status; the password is never printed")
    func outputAndStatus() async throws {
        let url = try await TestPostgres.newDatabase()
        let password = try #require(URLComponents(string: url)?.password)
        let a = SyncMachine()
        let movies = try catalogMovies(a.popcorn)
        #expect(try a.popcorn.run(["watchlist", "add", movies[0]]).status == 0)

        let contract = try JSONContract()
        let before = try a.sync(url, ["status", "--json"])
        #expect(before.status == 0, "\(before.standardError)")
        let status = try contract.decode("SyncStatusJSON", as: SyncStatusJSON.self, from: before.standardOutput)
        #expect(status.remote?.hasPrefix("postgres://") == true)
        #expect(status.stores.map(\.store) == ["watchlist", "history"])
        #expect(
            status.stores[0].pendingChanges == 1 && status.stores[0].neverSynced && status.stores[0].lastSync == nil)

        let table = try a.sync(url, verbose: true)
        #expect(table.status == 0, "\(table.standardError)")
        #expect(table.standardOutput.hasPrefix("Synced with postgres://"))
        #expect(table.standardOutput.contains("STORE"))
        let json = try a.sync(url, ["--json"])
        let result = try contract.decode("SyncResultJSON", as: SyncResultJSON.self, from: json.standardOutput)
        #expect(result.stores.map(\.store) == ["watchlist", "history"])
        #expect(result.store("watchlist")?.sent == .init(changes: 0, deletions: 0), "sent by the sync before")

        // The server on the command line instead of in the environment.
        #expect(try a.popcorn.run(["watchlist", "add", movies[1]]).status == 0)
        let remote = try a.popcorn.run(["sync", "--remote", url, "--json"])
        #expect(remote.status == 0, "\(remote.standardError)")
        #expect(remote.standardError.isEmpty)
        let fromOption = try contract.decode("SyncResultJSON", as: SyncResultJSON.self, from: remote.standardOutput)
        #expect(fromOption.remote == result.remote && fromOption.remote.hasPrefix("postgres://"))
        #expect(fromOption.store("watchlist")?.sent == .init(changes: 1, deletions: 0))
        #expect(fromOption.store("watchlist")?.digest == .init(checked: 2, repaired: 0, unresolved: 0))

        // Records the server lost behind the engine's back: found by the digest check,
        // sent again, and said on standard error and in the table.
        _ = try await TestPostgres.execute("DELETE FROM storesync_records_watchlist", on: url)
        let repaired = try a.sync(url)
        #expect(repaired.status == 0, "\(repaired.standardError)")
        #expect(
            repaired.standardOutput.contains("watchlist: 2 of 2 records differed from the server's and were repaired"))
        #expect(
            repaired.standardError.contains("differed from the server's: the server had no record of it, sent again"))
        #expect(try await TestPostgres.integer("SELECT count(*) FROM storesync_records_watchlist", on: url) == 2)

        let after = try a.sync(url, ["status"])
        #expect(after.standardOutput.contains("watchlist"))
        #expect(!after.standardOutput.contains("never"))
        for result in [before, table, json, remote, repaired, after] {
            #expect(!result.standardOutput.contains(password) && !result.standardError.contains(password))
        }
    }

    @Test("--reassert sends this machine's entries again over the server's: an entry removed elsewhere comes back")
    func reassert() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = SyncMachine()
        let b = SyncMachine()
        let movies = try catalogMovies(a.popcorn)
        for movie in movies.prefix(2) { #expect(try a.popcorn.run(["watchlist", "add", movie]).status == 0) }
        _ = try a.syncJSON(url)
        _ = try b.syncJSON(url)
        #expect(try b.popcorn.run(["watchlist", "remove", movies[0]]).status == 0)
        _ = try b.syncJSON(url)

        let refused = try a.sync(url, ["--reassert", "--watch"])
        #expect(refused.status == 64)
        let result = try a.sync(url, ["--reassert", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try JSONContract().decode("SyncResultJSON", as: SyncResultJSON.self, from: result.standardOutput)
        #expect(json.store("watchlist")?.reasserted == 2)
        _ = try b.syncJSON(url)
        #expect(try await b.watchlist() == a.watchlist())
        #expect(try await b.watchlist().count == 2)
    }

    @Test("sync status contacts no server and creates no store: a store not created yet shows as never synced")
    func statusCreatesNothing() throws {
        let popcorn = PopcornProcess()
        let contract = try JSONContract()
        let empty = try popcorn.run(["sync", "status", "--json"])
        #expect(empty.status == 0 && empty.standardError.isEmpty, "\(empty.standardError)")
        let none = try contract.decode("SyncStatusJSON", as: SyncStatusJSON.self, from: empty.standardOutput)
        #expect(none.remote == nil && none.stores.map(\.store) == ["watchlist", "history"])
        #expect(none.stores.allSatisfy { $0.neverSynced && $0.pendingChanges == 0 && $0.lastSync == nil })
        #expect(!FileManager.default.fileExists(atPath: popcorn.dataDirectory.path), "no data folder, no store")

        // The watchlist exists, the history does not: only the watchlist is read.
        #expect(try popcorn.run(["watchlist", "add", "1019"]).status == 0)
        let before = try Data(contentsOf: popcorn.watchlistStore)
        let one = try popcorn.json(SyncStatusJSON.self, ["sync", "status"])
        #expect(one.stores.map(\.pendingChanges) == [1, 0] && one.stores.allSatisfy(\.neverSynced))
        #expect(try Data(contentsOf: popcorn.watchlistStore) == before, "the store is not written")
        // Read-only in a writable folder, SQLite leaves an empty -wal beside the store (as
        // for `stores status`), never a row in it.
        #expect(StoreReading.fileSize(URL(fileURLWithPath: popcorn.watchlistStore.path + "-wal")) == 0)
        #expect(try popcorn.dataFiles().keys.allSatisfy { $0.hasPrefix("popcorn-movies-cloudkit.sqlite") })
        #expect(!FileManager.default.fileExists(atPath: popcorn.historyStore.path), "the history is not created")
    }

    @Test("a sync server that cannot be reached creates no store on a machine that has none yet")
    func unreachableCreatesNothing() throws {
        let popcorn = PopcornProcess()
        // Port 1 on the loopback: nothing listens there, so the connection is refused at once.
        let result = try popcorn.run(["sync", "--remote", "postgres://someone@127.0.0.1:1/popcorn"])
        #expect(result.status == 69, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("popcorn: ") && result.standardError.contains("Cannot reach"))
        #expect(!FileManager.default.fileExists(atPath: popcorn.watchlistStore.path), "the watchlist is not created")
        #expect(!FileManager.default.fileExists(atPath: popcorn.historyStore.path), "the history is not created")
    }

    @Test("failures are one line and change nothing: no server set, unreachable, wrong password, newer remote schema")
    func failures() async throws {
        let url = try await TestPostgres.newDatabase()
        let parts = try #require(URLComponents(string: url))
        let a = SyncMachine()
        let movies = try catalogMovies(a.popcorn)
        #expect(try a.popcorn.run(["watchlist", "add", movies[0]]).status == 0)

        let none = try a.popcorn.run(["sync"])
        #expect(none.status != 0 && none.standardError.contains("No sync server"))

        var wrong = parts
        wrong.password = "not-the-password-42"
        var closed = parts
        closed.port = 1
        var missing = parts
        missing.path = "/no_such_database"
        let refusal = try a.sync(try #require(wrong.string))
        #expect(refusal.standardError.contains("refused the user name or password"))
        #expect(!refusal.standardError.contains("not-the-password-42"))
        let unreachable = try a.sync(try #require(closed.string))
        #expect(unreachable.standardError.contains("Cannot reach the sync server"))
        let noDatabase = try a.sync(try #require(missing.string))
        #expect(noDatabase.standardError.contains("does not exist"), "\(noDatabase.standardError)")

        #expect(try a.sync(url).status == 0)
        _ = try await TestPostgres.execute("UPDATE storesync_schema SET version = 99", on: url)
        #expect(try a.popcorn.run(["watchlist", "add", movies[1]]).status == 0)
        let newer = try a.sync(url)
        #expect(newer.standardError.contains("newer release"))

        for result in [none, refusal, unreachable, noDatabase, newer] {
            #expect(result.status != 0)
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
            #expect(result.standardError.hasPrefix("popcorn: "))
        }

        // The documented exit statuses, with and without --json, the server in the
        // environment or on the command line; no password in any message.
        let password = try #require(parts.password)
        let statuses: [(url: String?, status: Int32)] = [
            (nil, 64), (wrong.string, 69), (closed.string, 69), (missing.string, 69), (url, 65),
        ]
        for (server, status) in statuses {
            let secrets = [password, "not-the-password-42"]
            try ExitStatusTests.expectFailure(
                .init(
                    arguments: ["sync"], status: status,
                    environment: server.map { ["POPCORN_SYNC_URL": $0] } ?? [:], secrets: secrets),
                popcorn: a.popcorn)
            if let server {
                try ExitStatusTests.expectFailure(
                    .init(arguments: ["sync", "--remote", server], status: status, secrets: secrets),
                    popcorn: a.popcorn)
            }
        }
        #expect(Set(try watchlistIDs(a.popcorn)) == Set(movies.prefix(2)))
    }

    @Test("10,000 watchlist entries sync in one popcorn sync; a second sync sends and receives nothing")
    func tenThousand() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = SyncMachine()
        let b = SyncMachine()
        try await a.add(1...10_000)
        let push = try a.syncJSON(url)
        #expect(push.store("watchlist")?.sent == .init(changes: 10_000, deletions: 0))
        let pull = try b.syncJSON(url)
        #expect(pull.store("watchlist")?.received == .init(insertions: 10_000, updates: 0, deletions: 0))
        #expect(try await b.watchlist() == Array(1...10_000))
        for machine in [a, b] {
            let again = try machine.syncJSON(url)
            for store in again.stores {
                #expect(store.sent == .init(changes: 0, deletions: 0))
                #expect(store.received == .init(insertions: 0, updates: 0, deletions: 0))
            }
        }
        print("10,000 entries: pushed in \(push.seconds) s, pulled in \(pull.seconds) s")
    }
}

/// Two people, a PostgreSQL role each, on one database.
@Suite("popcorn sync, two accounts on one database")
struct SyncAccountsCommandTests {
    @Test("each account's machines see its own watchlist only, through popcorn and through SQL")
    func accountsAreSeparate() async throws {
        let admin = try await TestPostgres.newDatabase()
        let alice = try await TestPostgres.newAccount(on: admin)
        let bob = try await TestPostgres.newAccount(on: admin)
        let aliceLaptop = SyncMachine()
        let aliceDesktop = SyncMachine()
        let bobLaptop = SyncMachine()
        let page = try PopcornJSON.decoder().decode(
            MovieListJSON.self,
            from: Data(try aliceLaptop.popcorn.run(["movies", "popular", "--json"]).standardOutput.utf8))
        let movies = page.results.map(\.id)
        #expect(try aliceLaptop.popcorn.run(["watchlist", "add", String(movies[0])]).status == 0)
        #expect(try bobLaptop.popcorn.run(["watchlist", "add", String(movies[1])]).status == 0)
        #expect(try aliceLaptop.sync(alice).status == 0)
        #expect(try bobLaptop.sync(bob).status == 0)
        #expect(try aliceDesktop.sync(alice).status == 0)
        #expect(try await aliceDesktop.watchlist() == [movies[0]])
        #expect(try await bobLaptop.watchlist() == [movies[1]])

        // Each role's own table holds its one entry; the other's cannot be read.
        for url in [alice, bob] {
            #expect(try await TestPostgres.integer("SELECT count(*) FROM storesync_records_watchlist", on: url) == 1)
        }
        let aliceRole = try #require(URLComponents(string: alice)?.user)
        await #expect(throws: (any Error).self) {
            _ = try await TestPostgres.execute("SELECT * FROM \(aliceRole).storesync_records_watchlist", on: bob)
        }
    }
}

/// `popcorn sync --watch`, a process left running while other processes change the stores.
@Suite("popcorn sync --watch")
struct SyncWatchCommandTests {
    /// Waits up to 20 s for `condition`.
    @Test("a password given with --remote is hidden from the other users of the machine (ps, /proc/PID/cmdline)")
    func passwordHiddenFromProcessList() async throws {
        let url = try await TestPostgres.newDatabase()
        let password = try #require(URLComponents(string: url)?.password)
        let popcorn = PopcornProcess()
        let watching = popcorn.process(["sync", "--watch", "--remote", url])
        watching.standardOutput = FileHandle.nullDevice
        try watching.run()
        defer {
            watching.terminate()
            watching.waitUntilExit()
        }
        let cmdline = "/proc/\(watching.processIdentifier)/cmdline"
        // Read as `ps` reads it (a /proc file's size is 0, so it is read to its end).
        let arguments = {
            String(
                decoding: (try? FileHandle(forReadingFrom: URL(fileURLWithPath: cmdline)).readToEnd()) ?? Data(),
                as: UTF8.self)
        }
        #expect(try await eventually { arguments().contains("--remote") && !arguments().contains(password) })
        let masked = try #require(URLComponents(string: url)).string!.replacingOccurrences(
            of: ":\(password)@", with: ":\(String(repeating: "*", count: password.utf8.count))@")
        #expect(arguments().contains(masked), "\(arguments())")
    }

    private func eventually(_ condition: () throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return try condition()
    }

    private func watchlistIDs(_ popcorn: PopcornProcess) throws -> [Int] {
        let result = try popcorn.run(["watchlist", "list", "--json"])
        return try PopcornJSON.decoder().decode(WatchlistJSON.self, from: Data(result.standardOutput.utf8)).movies
            .map(\.id)
    }

    @Test("applies another machine's change as it comes, pushes a change saved by another process, stops on SIGTERM")
    func watchThenStop() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = SyncMachine()
        let b = SyncMachine()
        let page = try PopcornJSON.decoder().decode(
            MovieListJSON.self, from: Data(try a.popcorn.run(["movies", "popular", "--json"]).standardOutput.utf8))
        let movies = page.results.map(\.id)
        #expect(try a.sync(url).status == 0)

        let output = b.popcorn.root.appending(path: "watch-output.txt")
        try FileManager.default.createDirectory(at: b.popcorn.root, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: output.path, contents: nil))
        let watching = b.popcorn.process(["sync", "--watch"], environment: ["POPCORN_SYNC_URL": url])
        watching.standardOutput = try FileHandle(forWritingTo: output)
        try watching.run()
        let printed = { String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self) }
        #expect(try await eventually { printed().contains("Watching") })

        #expect(try a.popcorn.run(["watchlist", "add", String(movies[0])]).status == 0)
        #expect(try a.sync(url).status == 0)
        #expect(try await eventually { try watchlistIDs(b.popcorn) == [movies[0]] })

        #expect(try b.popcorn.run(["watchlist", "add", String(movies[1])]).status == 0)
        #expect(
            try await eventually {
                _ = try a.sync(url)
                return try Set(watchlistIDs(a.popcorn)) == [movies[0], movies[1]]
            })

        watching.terminate()
        watching.waitUntilExit()
        #expect(watching.terminationReason == .exit && watching.terminationStatus == 0)
        #expect(printed().contains("watchlist: sent 0, received 1"))
        #expect(printed().contains("watchlist: sent 1, received 0"))
        #expect(printed().hasSuffix("Stopped.\n"))
    }
}
