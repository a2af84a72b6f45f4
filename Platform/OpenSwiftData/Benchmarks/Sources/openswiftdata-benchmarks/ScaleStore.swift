import Foundation
import GRDB
import OpenSwiftData

/// The store of the scale workloads: `scaleRows` items (10,000,000 at full size, about
/// 380 MB), too slow to write at every run, so it is built once in the scale folder
/// (`--scale-folder`, `OPENSWIFTDATA_BENCH_SCALE_FOLDER`; `Scripts/bench.sh` gives
/// `.build/bench-scale`) and reused while it still fits: a stamp file beside it records its
/// row count, the version of the rows written and OpenSwiftData's layout for `Item` (the
/// SQL of an empty store's tables and indexes, and its entity hashes), and a store whose
/// stamp differs is built again. The workloads only read it; the migration migrates a copy.
enum ScaleStore {
    /// Bump when the rows written change.
    private static let rowsVersion = 1

    static func url(in folder: URL, scale: Scale) -> URL {
        folder.appending(path: "items-\(scale.scaleRows).sqlite")
    }

    /// Builds the store unless an up-to-date one is in `folder`; `scratch` is for a
    /// throw-away empty store. Returns the seconds spent building, nil when it was there.
    static func ensure(in folder: URL, scratch: URL, scale: Scale) throws -> Double? {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = url(in: folder, scale: scale)
        let stampURL = store.appendingPathExtension("stamp")
        let stamp = try "rows \(scale.scaleRows), rows version \(rowsVersion)\n" + layout(scratch: scratch)
        if FileManager.default.fileExists(atPath: store.path),
            (try? String(contentsOf: stampURL, encoding: .utf8)) == stamp
        {
            return nil
        }
        let building = store.deletingPathExtension().appendingPathExtension("building.sqlite")
        for file in [store, building, stampURL] { try removeStore(file) }
        let seconds = try Clock.time { try build(building, rows: scale.scaleRows) } / 1000
        try FileManager.default.moveItem(at: building, to: store)
        try stamp.write(to: stampURL, atomically: true, encoding: .utf8)
        return seconds
    }

    /// Reads the store file once, untimed, so that every implementation's timed run finds
    /// it in the page cache. Without this, the first implementation to run (OSD) read the
    /// file from disk for the others, and its figures measured the disk. Read a megabyte
    /// at a time, which leaves peak memory as it was.
    static func warm(_ url: URL) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {}
    }

    /// Removes a store file and its WAL and shared-memory files, if any.
    static func removeStore(_ url: URL) throws {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let file = URL(fileURLWithPath: url.path + suffix)
            if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
        }
    }

    /// What OpenSwiftData writes for an empty store of `Item`: a store built by another
    /// version of it may not be up to date for this one.
    private static func layout(scratch: URL) throws -> String {
        let probe = scratch.appending(path: "scale-layout-probe.sqlite")
        try removeStore(probe)
        defer { try? removeStore(probe) }
        _ = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: probe))
        return try DatabaseQueue(path: probe.path).read { db in
            let schema = try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY name")
            let entities = try Row.fetchAll(db, sql: "SELECT * FROM openswiftdata_entities ORDER BY 1")
            return (schema + entities).map(\.description).joined(separator: "\n") + "\n"
        }
    }

    /// An empty store made by OpenSwiftData, filled with SQL in one transaction; its
    /// indexes are dropped first and made again after the rows (one sort instead of a
    /// random insertion per row), then the file is put back in WAL mode.
    private static func build(_ url: URL, rows: Int) throws {
        _ = try ModelContainer(for: Item.self, configurations: ModelConfiguration(url: url))
        let db = try CDatabase(path: url.path)
        let listIndexes = try db.prepare(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'Item' AND sql IS NOT NULL")
        var indexes: [(name: String, sql: String)] = []
        while try listIndexes.step() { indexes.append((listIndexes.text(0), listIndexes.text(1))) }
        listIndexes.reset()
        try db.execute("PRAGMA journal_mode = DELETE; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144")
        try db.execute("BEGIN IMMEDIATE")
        for index in indexes { try db.execute(#"DROP INDEX "\#(index.name)""#) }
        let insert = try db.prepare(#"INSERT INTO "Item" ("_pk", "number", "title") VALUES (?, ?, ?)"#)
        for index in 0..<rows {
            insert.bind(1, index + 1)
            insert.bind(2, Rows.number(index, of: rows))
            insert.bind(3, Rows.title(index))
            _ = try insert.step()
            insert.reset()
        }
        for index in indexes { try db.execute(index.sql) }
        try db.execute("COMMIT")
        try db.execute("PRAGMA journal_mode = WAL")
        sync()
    }
}
