import Synchronization

/// The integer key each model of a custom store has in a container: a context's identity
/// map, change tracking and relationship bookkeeping key models by an `Int64`, as a
/// SQLite row has one. The model's ``PersistentIdentifier`` stays the store's.
final class DataStoreKeys: Sendable {
    private struct State {
        var keys: [PersistentIdentifier: Int64] = [:]
        var lastKey: Int64 = 0
    }

    private let state = Locked(State())

    /// The key of the model with `identifier`, given on first use.
    func key(for identifier: PersistentIdentifier) -> Int64 {
        state.withLock { state in
            if let key = state.keys[identifier] { return key }
            state.lastKey += 1
            state.keys[identifier] = state.lastKey
            return state.lastKey
        }
    }

    /// The key of `identifier`, if it was given one.
    func existingKey(for identifier: PersistentIdentifier) -> Int64? {
        state.withLock { $0.keys[identifier] }
    }
}
