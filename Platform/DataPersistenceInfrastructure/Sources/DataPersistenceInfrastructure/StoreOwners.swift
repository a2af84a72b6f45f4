import Foundation
import Synchronization

/// The owner of each store file open in this process: one ``StoreActor``, and its one
/// container, per file, whichever ``ContextStores`` opens it (a context's factory, the
/// sync's, another made for the same folder). Two containers on one file in a process
/// would be two GRDB writers, each unaware of the other's saves. A store opened read-only
/// has an owner of its own, which never writes: one writing owner per file.
///
/// An owner lives while a ``ContextStores`` holds it: once none does, the file's container
/// closes, and the next open makes a new owner.
///
/// No lock is held while a store opens (which may migrate it: long work). The first to ask
/// for a file records, under a lock held only for that, that it is opening the file; it opens
/// it with no lock held, on a thread of its own (the open's SQLite work blocks the thread it
/// runs on), then records the owner and resumes those who asked meanwhile. They, and the
/// first asker, wait suspended, holding no thread, so a store that migrates holds back only
/// the opens of the same file, and no thread of Swift's cooperative pool waits for it.
final class StoreOwners: Sendable {
    /// This process's owners.
    static let shared = StoreOwners()

    /// Each file being opened or open, by its key (``key(of:access:)``).
    private let entries = Mutex<[String: Entry]>([:])

    /// A file being opened, or open.
    private enum Entry {
        /// Being opened by its first opener; the continuations of those who asked since.
        case opening(waiters: [CheckedContinuation<StoreActor?, Never>])
        /// Open, its owner held weakly: the owner's holders are the ``ContextStores`` that
        /// opened it.
        case open(Owner)
    }

    /// A weak reference to a file's owner.
    private struct Owner {
        weak var actor: StoreActor?
    }

    /// What the caller of ``owner(of:access:opening:)`` does next.
    private enum Turn {
        /// Returns the owner, which is open.
        case found(StoreActor)
        /// Opens the file: it is the first to ask.
        case opens
        /// Waits for the file's first opener.
        case waits
    }

    /// The owner of `url`'s store opened with `access`: the one open in this process, or a
    /// new one made by `open`, which runs for one caller at a time per file and access, with
    /// no lock held, on a thread of its own while the caller waits suspended. The others wait
    /// for it suspended, and get the owner it made; when it
    /// throws, one of them runs its own `open` in turn. A waiter waits for the opening
    /// even when its task is cancelled.
    ///
    /// - Parameters:
    ///   - url: The store file.
    ///   - access: Whether the store is opened to read and write, or only to read.
    ///   - open: Opens the store and makes its actor.
    /// - Throws: What `open` throws; nothing is kept then, and a later call opens again.
    func owner<Failure: Error>(
        of url: URL, access: StoreAccessMode, opening open: @escaping @Sendable () throws(Failure) -> StoreActor
    ) async throws(Failure) -> StoreActor {
        let key = Self.key(of: url, access: access)
        while true {
            switch turn(for: key) {
            case .found(let actor):
                return actor
            case .opens:
                return try await openFirst(key, open)
            case .waits:
                if let actor = await opened(key) { return actor }
            // The opening failed: ask again, and open when no one else does.
            }
        }
    }

    /// Runs `open` for the caller whose turn it is to open `key`, with no lock held, on a
    /// thread of its own, and records the result.
    private func openFirst<Failure: Error>(
        _ key: String, _ open: @escaping @Sendable () throws(Failure) -> StoreActor
    ) async throws(Failure) -> StoreActor {
        let opened = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<StoreActor, Failure>, Never>) in
            Thread.detachNewThread { continuation.resume(returning: Result { () throws(Failure) in try open() }) }
        }
        switch opened {
        case .success(let actor):
            finishOpening(key, with: actor)
            return actor
        case .failure(let error):
            finishOpening(key, with: nil)
            throw error
        }
    }

    /// The caller's turn: the open owner, or to open the file (recorded as opening), or to
    /// wait for its opening.
    private func turn(for key: String) -> Turn {
        entries.withLock { entries in
            switch entries[key] {
            case .opening:
                return .waits
            case .open(let owner):
                if let actor = owner.actor { return .found(actor) }
            case nil:
                break
            }
            entries[key] = .opening(waiters: [])
            return .opens
        }
    }

    /// Waits, suspended, for the opening of `key`; its owner, or nil when it failed.
    private func opened(_ key: String) async -> StoreActor? {
        await withCheckedContinuation { (continuation: CheckedContinuation<StoreActor?, Never>) in
            // The opening may have ended since the caller's turn: then its owner, or nil.
            let ended: StoreActor?? = entries.withLock { entries in
                switch entries[key] {
                case .opening(let waiters):
                    entries[key] = .opening(waiters: waiters + [continuation])
                    return .none
                case .open(let owner):
                    return .some(owner.actor)
                case nil:
                    return .some(nil)
                }
            }
            if case .some(let actor) = ended { continuation.resume(returning: actor) }
        }
    }

    /// Records the end of the opening of `key`, its owner or nothing when it failed, and
    /// resumes those who waited for it.
    private func finishOpening(_ key: String, with actor: StoreActor?) {
        let waiters = entries.withLock { entries in
            guard case .opening(let waiters) = entries[key] else { return [CheckedContinuation<StoreActor?, Never>]() }
            entries[key] = actor.map { .open(Owner(actor: $0)) }
            return waiters
        }
        for waiter in waiters { waiter.resume(returning: actor) }
    }

    /// The same key for every spelling of one file: standardized, its folder's symbolic
    /// links resolved (the file itself may not exist yet), and the access.
    private static func key(of url: URL, access: StoreAccessMode) -> String {
        let file = url.standardizedFileURL
        let path = file.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(
            file.lastPathComponent
        ).path
        return path + (access == .readOnly ? " (read-only)" : "")
    }
}
