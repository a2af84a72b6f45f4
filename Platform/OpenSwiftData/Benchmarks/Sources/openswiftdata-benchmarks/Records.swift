import Foundation
import GRDB

/// A row of `Item`'s table as hand-written code holds it: a plain struct, built from the
/// columns by index.
struct ItemValue {
    let id: Int64
    let number: Int
    let title: String
}

/// The raw GRDB record of `Item`'s table: what a GRDB user picks instead of
/// OpenSwiftData (Codable, `FetchableRecord`, `MutablePersistableRecord`).
struct ItemRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "Item"
    var id: Int64?
    var number: Int
    var title: String

    enum CodingKeys: String, CodingKey {
        case id = "_pk"
        case number
        case title
    }

    init(id: Int64?, number: Int, title: String) {
        self.id = id
        self.number = number
        self.title = title
    }

    init(row: Row) {
        id = row[0]
        number = row[1]
        title = row[2]
    }

    func encode(to container: inout PersistenceContainer) {
        container["_pk"] = id
        container["number"] = number
        container["title"] = title
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A parent and its children, as the raw join reads them.
struct ParentValue {
    let id: Int
    let name: String
    var children: [ChildValue]
}

struct ChildValue {
    let id: Int
    let name: String
}

enum GRDBStore {
    /// A pool as OpenSwiftData opens one (WAL, a busy timeout).
    static func pool(_ url: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        return try DatabasePool(path: url.path, configuration: configuration)
    }
}
