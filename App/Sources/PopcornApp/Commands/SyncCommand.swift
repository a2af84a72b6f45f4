import ArgumentParser
import Foundation
import StoreSync

/// `popcorn sync [--remote URL]` and `popcorn sync status`.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the watchlist and the search history with a PostgreSQL server.",
        discussion: """
            The server is --remote or POPCORN_SYNC_URL: postgres://user:password@host:port/database \
            (without a password in the URL, PGPASSWORD is used). The password is never printed, and \
            popcorn hides a password given with --remote from the process list (ps) as it starts.
            """,
        subcommands: [Now.self, Status.self],
        defaultSubcommand: Now.self
    )

    /// `popcorn sync`: push, then pull.
    struct Now: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send this machine's changes to the server, then apply the other machines' changes.")
        @OptionGroup var server: SyncServerOption
        @Flag(
            help: """
                Stay running: send each change saved here and apply the other machines' changes as they \
                come, until interrupted (Ctrl-C, SIGTERM). Prints a line per sync; not with --json.
                """)
        var watch = false
        @Flag(
            help: """
                Send every entry this machine holds to the server again, over the server's, before \
                syncing: entries removed on other machines since come back, and their changes since \
                are undone. For a store put back from a backup that is to be kept as it is.
                """)
        var reassert = false
        @OptionGroup var options: GlobalOptions

        func validate() throws {
            if watch && options.json {
                throw ValidationError("--watch prints a line per sync as it runs, and cannot be used with --json.")
            }
            if watch && reassert {
                throw ValidationError("--reassert sends this machine's entries once, and cannot be used with --watch.")
            }
        }

        func run() async throws {
            let environment = AppEnvironment(options: options)
            guard let remote = try server.remote() else {
                throw CommandFailure(
                    "No sync server: pass --remote postgres://user:password@host:port/database or set POPCORN_SYNC_URL.",
                    status: .usage)
            }
            let engine = StoreSyncEngine(remote: remote, logger: environment.logger.with(label: "StoreSync"))
            let opening = try await SyncStores.openExisting(environment)
            if watch {
                try await SyncWatch(engine: engine).run(opening: opening.all)
                return
            }
            let started = ContinuousClock.now
            let reports: [StoreSyncReport]
            do {
                // The missing stores are created once the server has answered: a server that
                // cannot be reached creates no store on a machine that has none yet.
                reports =
                    try await reassert ? engine.reassert(opening: opening.all) : engine.sync(opening: opening.all)
            } catch let error as SyncError {
                throw CommandFailure(error.description, status: error.exitStatus)
            }
            let seconds = (ContinuousClock.now - started) / .seconds(1)
            let result = SyncResultJSON(remote: engine.remote.description, seconds: seconds, reports: reports)
            try environment.output.result(result) {
                print("Synced with \(engine.remote) in \(String(format: "%.2f", seconds)) s.")
                var table = Table([
                    .init(title: "STORE"), .init(title: "SENT", alignRight: true),
                    .init(title: "RECEIVED", alignRight: true), .init(title: "DETAILS"),
                ])
                for report in reports {
                    table.append([
                        report.store, String(report.sent), String(report.received), SyncResultJSON.details(report),
                    ])
                }
                environment.output.table(table)
                // Said apart from the table, which a narrow terminal cuts.
                for report in reports {
                    if report.serverWentBack {
                        print(
                            "\(report.store): the server had gone back in time (restored from an older copy); "
                                + "every entry was sent again at its own time, and every record received.")
                    }
                    if report.reasserted > 0 {
                        print("\(report.store): \(report.reasserted) entries sent again over the server's.")
                    }
                    if let digest = SyncResultJSON.digestLine(report) { print(digest) }
                }
            }
        }
    }

    /// `popcorn sync status`: read locally, without contacting the server, and without
    /// writing: each existing store is opened read-only, and one not created yet is
    /// shown as never synced.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the sync server, each store's last sync and its changes not sent yet.")
        @OptionGroup var server: SyncServerOption
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let configured = try server.remote()?.description
            let found = try await SyncStores.openReadOnly(environment)
            var statuses: [StoreSyncStatus] = []
            for entry in found {
                guard let store = entry.store else {
                    statuses.append(StoreSyncStatus.notCreated(store: entry.name))
                    continue
                }
                do {
                    statuses.append(try await StoreSyncStatus.read(store))
                } catch {
                    throw CommandFailure(error.description, status: error.exitStatus)
                }
            }
            StoreInspector.noteReadOnly(
                files: found.filter { $0.store != nil && !$0.writable }.map(\.file), output: environment.output)
            let result = SyncStatusJSON(remote: configured, statuses: statuses)
            try environment.output.result(result) {
                print("Remote: " + (configured ?? "not set (--remote or POPCORN_SYNC_URL)"))
                var table = Table([
                    .init(title: "STORE"), .init(title: "LAST SYNC"), .init(title: "PENDING", alignRight: true),
                    .init(title: "LAST SERVER"),
                ])
                for store in result.stores {
                    let pending = String(store.pendingChanges) + (store.neverSynced ? " (never synced)" : "")
                    table.append([
                        store.store, store.lastSync.map(Formatting.timestamp) ?? "never", pending,
                        store.lastRemote ?? "",
                    ])
                }
                environment.output.table(table)
            }
        }
    }
}

/// `--remote`, which both sync commands take.
struct SyncServerOption: ParsableArguments {
    @Option(help: "postgres://user:password@host:port/database; also POPCORN_SYNC_URL.") var remote: String?

    /// The server: `--remote`, or else `POPCORN_SYNC_URL`; nil when neither is set.
    func remote(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SyncRemote? {
        guard let url = remote ?? environment["POPCORN_SYNC_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return nil
        }
        return try syncFailure { () throws(SyncError) in try SyncRemote(url: url, environment: environment) }
    }
}

/// Runs a step of the sync library, turning its error into a one-line failure with the
/// exit status of its cause.
private func syncFailure<Result>(_ body: () throws(SyncError) -> Result) throws(CommandFailure) -> Result {
    do {
        return try body()
    } catch {
        throw CommandFailure(error.description, status: error.exitStatus)
    }
}
