import GRDB
import GRDBSQLite

/// The rows of one fetch of `Item`'s table in one buffer, with an object per row that reads
/// its values from it on first access: the floor of the design that would come nearest an
/// object per row (BENCHMARKS.md, "Fetch all"), measured as a reference. Each row still
/// costs an object, as SwiftData's `fetch` asks; its values cost no allocation of their own
/// and are not decoded until read. No registry, no change tracking, no observation.
///
/// The rows are stepped with SQLite's C API on a statement GRDB prepared, as GRDB
/// documents its `sqliteStatement` for, and their values copied as they are: integers, and
/// each title's UTF-8 bytes after the previous one's.
final class ItemRowBuffer {
    private let numbers: [Int64]
    private let titleBytes: [UInt8]
    /// Where each row's title ends in `titleBytes`; it starts where the previous one ends.
    private let titleEnds: [Int]

    private init(numbers: [Int64], titleBytes: [UInt8], titleEnds: [Int]) {
        self.numbers = numbers
        self.titleBytes = titleBytes
        self.titleEnds = titleEnds
    }

    /// An object per row of `statement` (`SELECT "_pk", "number", "title"`), in order, all
    /// reading one buffer.
    static func objects(of statement: Statement) throws -> [ItemBufferObject] {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        defer { sqlite3_reset(handle) }
        var keys: [Int64] = []
        var numbers: [Int64] = []
        var titleBytes: [UInt8] = []
        var titleEnds: [Int] = []
        while true {
            let code = sqlite3_step(handle)
            guard code == SQLITE_ROW else {
                guard code == SQLITE_DONE else { throw SQLiteError(code: code, message: "step failed") }
                break
            }
            keys.append(sqlite3_column_int64(handle, 0))
            numbers.append(sqlite3_column_int64(handle, 1))
            if let text = sqlite3_column_text(handle, 2) {
                let count = Int(sqlite3_column_bytes(handle, 2))
                titleBytes.append(contentsOf: UnsafeBufferPointer(start: text, count: count))
            }
            titleEnds.append(titleBytes.count)
        }
        let buffer = ItemRowBuffer(numbers: numbers, titleBytes: titleBytes, titleEnds: titleEnds)
        return keys.indices.map { ItemBufferObject(id: keys[$0], buffer: buffer, row: $0) }
    }

    fileprivate func number(at row: Int) -> Int { Int(numbers[row]) }

    fileprivate func title(at row: Int) -> String {
        let start = row == 0 ? 0 : titleEnds[row - 1]
        return String(decoding: titleBytes[start..<titleEnds[row]], as: UTF8.self)
    }
}

/// A row of an ``ItemRowBuffer``: one allocation, its values read from the buffer it
/// keeps alive.
final class ItemBufferObject {
    let id: Int64
    private let buffer: ItemRowBuffer
    private let row: Int

    fileprivate init(id: Int64, buffer: ItemRowBuffer, row: Int) {
        self.id = id
        self.buffer = buffer
        self.row = row
    }

    var number: Int { buffer.number(at: row) }
    var title: String { buffer.title(at: row) }
}
