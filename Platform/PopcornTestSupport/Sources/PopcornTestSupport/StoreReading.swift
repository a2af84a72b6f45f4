import Foundation
import OpenSwiftData

/// Reads stores from outside, as another process or a person with `sqlite3` would:
/// through OpenSwiftData's `StoreFile`, or through a fresh context of a container.
public enum StoreReading {
    /// Why a store could not be inspected.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The number of rows of `entity` in the store at `url`, read without writing to it.
    ///
    /// - Throws: ``Failure`` when the file is not a readable store or has no such entity.
    public static func rowCount(of entity: String, at url: URL) throws -> Int {
        let inspection = StoreFile(url: url).inspect()
        guard let rows = inspection.entities.first(where: { $0.entity == entity }) else {
            throw Failure(description: "\(url.path) has no entity \(entity) (\(inspection.state))")
        }
        return rows.rowCount
    }

    /// How many `T` the container holds, read with a new context.
    public static func count<T: PersistentModel>(_ type: T.Type, in container: ModelContainer) throws -> Int {
        try ModelContext(container).fetchCount(FetchDescriptor<T>())
    }

    /// Every `T` the container holds, read with a new context.
    public static func all<T: PersistentModel>(
        _ type: T.Type, in container: ModelContainer, sortBy: [SortDescriptor<T>] = []
    ) throws -> [T] {
        try ModelContext(container).fetch(FetchDescriptor<T>(sortBy: sortBy))
    }

    /// Whether a file exists.
    public static func fileExists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    /// The size of a file in bytes; 0 when it does not exist.
    public static func fileSize(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
    }
}
