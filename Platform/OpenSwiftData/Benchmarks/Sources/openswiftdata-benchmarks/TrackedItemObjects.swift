import GRDB
import GRDBSQLite
import Observation

/// The least an implementation of SwiftData's `fetch` can do per row, written for one
/// model type: one allocation per row, its values stored in it, a strong reference to its
/// context, an entry in the context's table of objects by primary key (an open-addressing
/// table probed once per row, the entry removed by the object's `deinit`), and each read
/// recorded with the context's observation registrar. No change tracking, no
/// relationships, no schema: what a generic library adds to this is its own cost.
///
/// The rows are stepped with SQLite's C API on a statement GRDB prepared, as OSD steps
/// them.
final class TrackedItemContext {
    fileprivate let table = TrackedItemTable()
    fileprivate let observation = ObservationRegistrar()

    /// An object per row of `statement` (`SELECT "_pk", "number", "title"`), in order: the
    /// context's object for a row's key when it has one, else a new one it registers.
    func objects(of statement: Statement) throws -> [TrackedItem] {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        defer { sqlite3_reset(handle) }
        var objects: [TrackedItem] = []
        while true {
            let code = sqlite3_step(handle)
            guard code == SQLITE_ROW else {
                guard code == SQLITE_DONE else { throw SQLiteError(code: code, message: "step failed") }
                return objects
            }
            let id = sqlite3_column_int64(handle, 0)
            let slot = table.slot(for: id)
            if let existing = table.object(at: slot) {
                objects.append(existing)
                continue
            }
            let number = Int(sqlite3_column_int64(handle, 1))
            var title = ""
            if let text = sqlite3_column_text(handle, 2) {
                let count = Int(sqlite3_column_bytes(handle, 2))
                title = String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
            }
            let object = TrackedItem(id: id, number: number, title: title, context: self)
            table.insert(object, for: id, at: slot)
            objects.append(object)
        }
    }
}

/// A row of `Item`'s table with the bookkeeping of a model (see ``TrackedItemContext``).
final class TrackedItem: Observable {
    let id: Int64
    private let storedNumber: Int
    private let storedTitle: String
    private let context: TrackedItemContext

    fileprivate init(id: Int64, number: Int, title: String, context: TrackedItemContext) {
        self.id = id
        storedNumber = number
        storedTitle = title
        self.context = context
    }

    var number: Int {
        context.observation.access(self, keyPath: \.number)
        return storedNumber
    }

    var title: String {
        context.observation.access(self, keyPath: \.title)
        return storedTitle
    }

    deinit {
        context.table.remove(id)
    }
}

/// Objects by primary key, not kept alive: linear probing over keys in blocks of 16
/// neighbouring slots (row ids are mostly consecutive), tombstones for removed entries,
/// rebuilt when entries and tombstones fill half of it. Invariant: an entry's object is
/// alive, since the object removes its entry in its `deinit`, before its memory goes.
private final class TrackedItemTable {
    private enum State: UInt8 { case free, live, tombstone }

    private var keys: UnsafeMutableBufferPointer<Int64>
    private var states: UnsafeMutableBufferPointer<State>
    private var objects: UnsafeMutableBufferPointer<Unmanaged<TrackedItem>>
    private var live = 0
    private var tombstones = 0
    private var shift = 0

    init() {
        (keys, states, objects) = Self.buffers(capacity: 16)
        shift = 64 - 16.trailingZeroBitCount
    }

    deinit {
        keys.deallocate()
        states.deallocate()
        objects.deallocate()
    }

    /// New buffers, every slot free.
    private static func buffers(capacity: Int) -> (
        UnsafeMutableBufferPointer<Int64>, UnsafeMutableBufferPointer<State>,
        UnsafeMutableBufferPointer<Unmanaged<TrackedItem>>
    ) {
        let states = UnsafeMutableBufferPointer<State>.allocate(capacity: capacity)
        states.initialize(repeating: .free)
        return (.allocate(capacity: capacity), states, .allocate(capacity: capacity))
    }

    private var mask: Int { keys.count - 1 }

    private func home(of key: Int64) -> Int {
        let bits = UInt64(bitPattern: key)
        let block = ((bits >> 4) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift + 4)
        return Int(truncatingIfNeeded: (block << 4) | (bits & 15))
    }

    /// The slot of `key`'s entry, or the free slot where it goes, after making room.
    func slot(for key: Int64) -> Int {
        if (live + tombstones + 1) * 2 > keys.count {
            let needed = (live + 1) * 4
            rebuild(capacity: Swift.max(16, 1 << (Int.bitWidth - (needed - 1).leadingZeroBitCount)))
        }
        var index = home(of: key)
        while states[index] != .free {
            if states[index] == .live, keys[index] == key { return index }
            index = (index + 1) & mask
        }
        return index
    }

    func object(at slot: Int) -> TrackedItem? {
        states[slot] == .live ? objects[slot].takeUnretainedValue() : nil
    }

    func insert(_ object: TrackedItem, for key: Int64, at slot: Int) {
        keys[slot] = key
        states[slot] = .live
        objects[slot] = Unmanaged.passUnretained(object)
        live += 1
    }

    func remove(_ key: Int64) {
        var index = home(of: key)
        while states[index] != .free {
            if states[index] == .live, keys[index] == key {
                states[index] = .tombstone
                live -= 1
                tombstones += 1
                return
            }
            index = (index + 1) & mask
        }
    }

    private func rebuild(capacity: Int) {
        let (oldKeys, oldStates, oldObjects) = (keys, states, objects)
        (keys, states, objects) = Self.buffers(capacity: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        tombstones = 0
        for index in oldKeys.indices where oldStates[index] == .live {
            var target = home(of: oldKeys[index])
            while states[target] != .free { target = (target + 1) & mask }
            keys[target] = oldKeys[index]
            states[target] = .live
            objects[target] = oldObjects[index]
        }
        oldKeys.deallocate()
        oldStates.deallocate()
        oldObjects.deallocate()
    }
}
