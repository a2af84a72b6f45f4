import Foundation
import Synchronization

/// The owner of each store file open in this process: one ``StoreActor``, and its one
/// container, per file, whichever ``ContextStores`` opens it (a context's factory, the
/// sync's, another made for the same folder). Two containers on one file in a process
/// would be two GRDB writers, each unaware of the other's saves. A store opened read-only
/// has an owner of its own, which never writes: one writing owner per file.
///
/// An owner lives while a ``ContextStores`` holds it: once none does, the file's container
/// closes, and the next open makes a new owner. Opening a file locks that file's entry
/// alone, so a store that migrates holds back only those who open the same file, which
/// must wait for it anyway.
final class StoreOwners: Sendable {
    /// This process's owners.
    static let shared = StoreOwners()

    /// One entry per file ever opened, by its path with symbolic links resolved.
    private let entries = Mutex<[String: Entry]>([:])

    /// A file's owner, while one is held elsewhere.
    private final class Entry: Sendable {
        let owner = Mutex<Owner>(Owner())
    }

    /// A weak reference: the owner's holders are the ``ContextStores`` that opened it.
    private struct Owner {
        weak var actor: StoreActor?
    }

    /// The owner of `url`'s store opened with `access`: the one open in this process, or a
    /// new one made by `open` (which runs once at a time per file and access).
    ///
    /// - Parameters:
    ///   - url: The store file.
    ///   - access: Whether the store is opened to read and write, or only to read.
    ///   - open: Opens the store and makes its actor.
    /// - Throws: What `open` throws; nothing is kept then, and a later call opens again.
    func owner<Failure: Error>(
        of url: URL, access: StoreAccessMode, opening open: () throws(Failure) -> StoreActor
    ) throws(Failure) -> StoreActor {
        let key = Self.key(of: url) + (access == .readOnly ? " (read-only)" : "")
        let entry = entries.withLock { entries in
            if let entry = entries[key] { return entry }
            let entry = Entry()
            entries[key] = entry
            return entry
        }
        return try entry.owner.withLock { (owner) throws(Failure) -> StoreActor in
            if let actor = owner.actor { return actor }
            let actor = try open()
            owner.actor = actor
            return actor
        }
    }

    /// The same key for every spelling of one file: standardized, its folder's symbolic
    /// links resolved (the file itself may not exist yet).
    private static func key(of url: URL) -> String {
        let file = url.standardizedFileURL
        return file.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(
            file.lastPathComponent
        ).path
    }
}
