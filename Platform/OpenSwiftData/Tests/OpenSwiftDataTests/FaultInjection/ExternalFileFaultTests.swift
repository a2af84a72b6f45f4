import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// I/O errors injected in the Foundation file calls of `@Attribute(.externalStorage)` values
/// (creating the folder and the file, flushing, linking, copying, reading, removing), at
/// every call of a save, and of a save then undone: the store must be in the state before
/// or after, every file a row names must be there, and what comes back after an undo must
/// be the bytes, never a name of a file the save removed. The state is read by a
/// connection the library does not own, and files by Foundation alone, so that a damaged
/// store shows as a difference instead of stopping the test process. Serialized: one fault
/// is armed at a time.
@Suite("I/O errors at every file call of external data", .serialized)
struct ExternalFileFaultTests {
    /// The store's photos and history tombstones, each value described by its bytes: read
    /// from the row, or from the file a photo's row names ("missing …" when it is not
    /// there). A tombstone keeps bytes, never a file's name: the file goes with the row.
    private static func photoState(_ folder: TemporaryFolder) throws -> String {
        let store = folder.file("store.sqlite")
        let files = ExternalDataFolder(storeURL: store)
        let queue = try DatabaseQueue(path: store.path)
        defer { try? queue.close() }
        return try queue.read { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            let photos = try Row.fetchAll(db, sql: "SELECT title, image, thumbnail FROM Photo ORDER BY title").map {
                row in
                "\(row[0] as String) image \(describe(row[1], in: files)) thumbnail \(describe(row[2], in: files))"
            }
            let tombstones =
                try db.tableExists("openswiftdata_history_tombstones")
                ? try Row.fetchAll(db, sql: "SELECT value FROM openswiftdata_history_tombstones ORDER BY rowid").map {
                    describe($0[0], in: nil)
                } : []
            return "\(photos)\(integrity == ["ok"] ? "" : "; integrity \(integrity)"); tombstones \(tombstones)"
        }
    }

    /// A stored value: nil, a file's bytes or the row's own, "large(n)" when they are
    /// `largeData(n)`; text names a file of `files`, when given.
    private static func describe(_ value: DatabaseValue, in files: ExternalDataFolder?) -> String {
        let data: Data
        switch value.storage {
        case .null: return "nil"
        case .blob(let bytes): data = bytes
        case .string(let name):
            guard let file = try? files?.fileURL(name) else { return "text \"\(name)\"" }
            guard let bytes = FileManager.default.contents(atPath: file.path) else { return "missing \(name)" }
            data = bytes
        default: return "\(value)"
        }
        if let first = data.first, data == largeData(first) { return "large(\(first))" }
        return "\(data.count) bytes"
    }

    /// A container on the folder's store, and a context of it.
    private static func context(_ folder: TemporaryFolder) throws -> ModelContext {
        ModelContext(try makeContainer([Photo.self], folder: folder))
    }

    /// Three saved photos: "drop" with a large thumbnail (kept in its history tombstone
    /// when it is deleted), "keep" and "replace".
    private static func prepareThree(_ folder: TemporaryFolder) throws -> String {
        let context = try context(folder)
        let drop = Photo(title: "drop", image: largeData(3))
        drop.thumbnail = largeData(4)
        context.insert(drop)
        context.insert(Photo(title: "keep", image: largeData(1)))
        context.insert(Photo(title: "replace", image: largeData(2)))
        try context.save()
        return try photoState(folder)
    }

    @Test("a save that writes, replaces and deletes external data is all or nothing")
    func save() async throws {
        let trial = IOFaultTrial<String>(
            name: "save of external data",
            prepare: Self.prepareThree,
            operation: { folder in
                let context = try Self.context(folder)
                let photos = try context.fetch(FetchDescriptor<Photo>())
                for photo in photos where photo.title == "drop" { context.delete(photo) }
                for photo in photos where photo.title == "replace" { photo.image = largeData(5) }
                context.insert(Photo(title: "new", image: largeData(6)))
                try context.save()
            },
            expectedAfter: { _ in
                "[\"keep image large(1) thumbnail 0 bytes\", \"new image large(6) thumbnail 0 bytes\", "
                    + "\"replace image large(5) thumbnail 0 bytes\"]; tombstones [\"large(4)\"]"
            },
            read: Self.photoState)
        let counts = try await trial.run(faults: ExternalFileFault.all)
        #expect(counts.faults > 5)
    }

    @Test("undo of a saved delete or change brings the bytes back, whichever file call failed")
    func undo() throws {
        var faults = 0
        for change in ["delete", "replace"] {
            for fault in ExternalFileFault.all {
                for countdown in 1...50 {
                    let folder = TemporaryFolder()
                    let setUp = try Self.context(folder)
                    setUp.insert(Photo(title: "coast", image: largeData(7)))
                    try setUp.save()
                    let before = try Self.photoState(folder)
                    let context = try Self.context(folder)
                    let undoManager = UndoManager()
                    context.undoManager = undoManager
                    let photo = try #require(try context.fetch(FetchDescriptor<Photo>()).first)
                    fault.arm(folder: folder.url, countdown: countdown)
                    let outcome = Result {
                        if change == "delete" { context.delete(photo) } else { photo.image = largeData(8) }
                        try context.save()
                    }
                    let hit = fault.hit
                    fault.disarm()
                    if hit { faults += 1 }
                    if case .failure(let error) = outcome {
                        #expect(error is SwiftDataError, "\(change), \(fault), call \(countdown): \(error)")
                    }
                    undoManager.undo()
                    try context.save()
                    let state = try Self.photoState(folder).replacing(/; tombstones \[.*\]/, with: "")
                    #expect(
                        state == before.replacing(/; tombstones \[.*\]/, with: ""),
                        "\(change), \(fault), call \(countdown): after the undo, the store is \(state)")
                    if !hit { break }
                }
            }
        }
        #expect(faults > 3)
    }
}

/// A failure of one Foundation file call of external data (``ExternalFileFaults``), for
/// ``IOFaultTrial``.
struct ExternalFileFault: InjectableFault {
    var call: ExternalFileFaults.Call
    var persistent: Bool

    var description: String { "\(call.rawValue) failing\(persistent ? " from then on" : " once")" }

    /// Each call failing once; and from then on, files that cannot be created (a full disk)
    /// or read (a failing disk).
    static let all: [ExternalFileFault] =
        ExternalFileFaults.Call.allCases.map { ExternalFileFault(call: $0, persistent: false) }
        + [ExternalFileFault(call: .createFile, persistent: true), ExternalFileFault(call: .read, persistent: true)]

    func arm(folder: URL, countdown: Int) {
        ExternalFileFaults.arm(folder: folder, call: call, countdown: countdown, persistent: persistent)
    }

    func disarm() {
        ExternalFileFaults.disarm()
    }

    var hit: Bool { ExternalFileFaults.failures > 0 }
}
