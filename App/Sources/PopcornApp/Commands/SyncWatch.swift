import Dispatch
import Foundation
import StoreSync

/// `popcorn sync --watch`: syncs once (failing as `popcorn sync` fails when the server
/// cannot be used), then keeps the stores in sync (``StoreSyncEngine/watch(_:localPollInterval:onEvent:)``)
/// until SIGINT or SIGTERM, and exits 0. A line per sync that sent or received something,
/// and one per lost connection, with the time.
struct SyncWatch {
    let engine: StoreSyncEngine

    func run(opening: () async throws -> [SyncedStore]) async throws {
        var stores: [SyncedStore] = []
        do {
            _ = try await engine.sync(opening: {
                stores = try await opening()
                return stores
            })
        } catch let error as SyncError {
            throw CommandFailure(error.description, status: error.exitStatus)
        }
        Self.line("Watching \(engine.remote) (\(stores.map(\.name).joined(separator: ", "))); Ctrl-C stops.")
        let engine = engine
        let watching = Task {
            try await engine.watch(stores) { event in Self.report(event) }
        }
        let signals = [SIGINT, SIGTERM].map { number in
            // The default action would end the process mid-sync: the task is cancelled
            // instead, and the watch returns between two steps.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { watching.cancel() }
            source.resume()
            return source
        }
        defer { for source in signals { source.cancel() } }
        do {
            try await watching.value
        } catch let error as SyncError {
            throw CommandFailure(error.description, status: error.exitStatus)
        }
        Self.line("Stopped.")
    }

    private static func report(_ event: StoreSyncEngine.WatchEvent) {
        let time = Date().formatted(.dateTime.hour(.twoDigits(amPM: .omitted)).minute().second())
        switch event {
        case .synced(let reports):
            for report in reports where report.sent > 0 || report.received > 0 {
                line("\(time)  \(report.store): sent \(report.sent), received \(report.received)")
            }
        case .disconnected(let error, let delay):
            let seconds = delay.components.seconds
            FileHandle.standardError.write(Data("\(time)  \(error); connecting again in \(seconds) s\n".utf8))
        }
    }

    /// A line on standard output, written at once: a watch runs until it is stopped, and
    /// whoever reads its output (a pipe) sees each line as it happens.
    private static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
