import Foundation

/// Every error OpenSwiftData throws, one case per cause, each with a message a person
/// can act on.
public enum SwiftDataError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// A model type cannot be stored as declared.
    case invalidModel(entity: String, reason: String)
    /// The file is not an SQLite database at all.
    case notADatabase(path: String)
    /// The file is an SQLite database whose pages are damaged.
    case corruptFile(path: String, detail: String)
    /// The file is an SQLite database that OpenSwiftData did not write.
    case notAModelStore(path: String, tables: [String])
    /// The store was written for a different schema, and no migration was given.
    case schemaMismatch(path: String, differences: [String])
    /// The store cannot be opened for writing or read at all.
    case io(path: String, detail: String)
    /// `save()` on a configuration created with `allowsSave: false`.
    case saveNotAllowed
    /// A model deleted while a `.deny` relationship still refers to other models.
    case deleteDenied(entity: String, relationship: String, count: Int)
    /// A model that belongs to another context was passed to this one.
    case modelBelongsToAnotherContext(entity: String)
    /// No model with this identifier exists in the store.
    case modelNotFound(PersistentIdentifier)
    /// The configuration cannot be served (for example several stores in one container).
    case unsupportedConfiguration(reason: String)
    /// SQLite reported an error; the message and the SQL say which.
    case database(code: Int32, message: String, sql: String?)

    public var description: String {
        switch self {
        case .invalidModel(let entity, let reason):
            "Model \(entity) cannot be stored: \(reason)."
        case .notADatabase(let path):
            "\(path) is not an SQLite database (it may be damaged or another kind of file); move it aside or restore it from a backup."
        case .corruptFile(let path, let detail):
            "\(path) is damaged (\(detail)); restore it from a backup."
        case .notAModelStore(let path, let tables):
            "\(path) is an SQLite database that was not written by OpenSwiftData (tables: \(tables.joined(separator: ", "))); use another file."
        case .schemaMismatch(let path, let differences):
            "\(path) was written with a different schema and no migration was given: "
                + differences.joined(separator: "; ")
        case .io(let path, let detail):
            "Cannot open \(path): \(detail)."
        case .saveNotAllowed:
            "This container was configured with allowsSave: false; changes cannot be saved."
        case .deleteDenied(let entity, let relationship, let count):
            "Cannot delete a \(entity): its relationship '\(relationship)' has the .deny rule and still refers to \(count) model(s); delete or detach them first."
        case .modelBelongsToAnotherContext(let entity):
            "This \(entity) is registered in another model context; fetch it in this context by its persistentModelID instead."
        case .modelNotFound(let identifier):
            "No model with identifier \(identifier) exists in the store."
        case .unsupportedConfiguration(let reason):
            "Unsupported configuration: \(reason)."
        case .database(let code, let message, let sql):
            "SQLite error \(code): \(message)" + (sql.map { " (SQL: \($0))" } ?? "")
        }
    }

    public var errorDescription: String? { description }
}
