import Foundation
internal import GRDB

/// A read transaction that a context's own connection keeps open from one read to the
/// next, for as long as the store has no new commit.
///
/// A fetch sees every save committed before it starts (as on Apple platforms), which a
/// read transaction begun for each read gives; but beginning one locks a read mark of the
/// WAL index, with two `fcntl` calls under a mutex that every connection of the process
/// to the store shares: for a lookup by key, more than the lookup itself, and, for two
/// readers at once, a wait on each other. Here a read that finds the WAL index header
/// as it was when the kept transaction began (``WALIndexHeader``: no commit since, by
/// any connection of any process) reads in that transaction, which sees what a new one
/// would. A read that finds it changed ends it and begins another.
///
/// A transaction kept open keeps the WAL from being checkpointed past it, so it ends
/// soon after the reads stop: a read that keeps one schedules its end
/// (``idleRelease``) on another thread, through the connection's queue, which runs it
/// between reads.
final class KeptReadTransaction {
    /// How long a kept transaction may go unused before it ends.
    static let idleRelease: DispatchTimeInterval = .milliseconds(50)

    /// The WAL index header when the kept transaction began; nil when none is kept.
    private var header: WALIndexHeader?
    /// Whether an end of the kept transaction is scheduled.
    private let releaseScheduled = Locked(false)
    /// The read transactions begun so far (for tests).
    private(set) var transactionsBegun = 0

    /// Runs `body` on `db`, a connection of `reader`, in the kept transaction when the
    /// store has no commit since it began, else in a new one, kept if no commit happened
    /// while `body` ran.
    func read<T>(_ db: Database, reader: DatabaseQueue, _ body: (Database) throws -> T) throws -> T {
        if db.isInsideTransaction {
            if let header, WALIndexHeader(db) == header { return try body(db) }
            try db.commit()
        }
        header = nil
        let before = WALIndexHeader(db)
        try db.beginTransaction(.deferred)
        transactionsBegun += 1
        let result: T
        do {
            result = try body(db)
        } catch {
            try? db.rollback()
            throw error
        }
        // `body`'s reads saw the store as of some moment between the two headers: the
        // same commit when they are equal.
        if let before, WALIndexHeader(db) == before {
            header = before
            scheduleRelease(of: reader)
        } else {
            try db.commit()
        }
        return result
    }

    private func scheduleRelease(of reader: DatabaseQueue) {
        let isFirst = releaseScheduled.withLock { scheduled in
            defer { scheduled = true }
            return !scheduled
        }
        guard isFirst else { return }
        let releaseScheduled = self.releaseScheduled
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.idleRelease) { [weak reader] in
            releaseScheduled.withLock { $0 = false }
            try? reader?.inDatabase { db in
                if db.isInsideTransaction { try db.commit() }
            }
        }
    }
}
