/// What a store file holds, read without writing to it: see
/// `StoreFile.inspect(expecting:migrationPlan:)`.
public struct StoreInspection: Sendable, Hashable {
    /// What state a store file is in, compared with the schema a program expects.
    public enum State: Sendable, Hashable, CustomStringConvertible {
        /// There is no file.
        case missing
        /// A zero-length file, or a database without tables: opening it creates the store.
        case empty
        /// A store of the expected schema (or any readable store, when no schema was given).
        case ok
        /// A store written by an earlier version (`from`, when the store or the plan
        /// says which) that opening it will migrate.
        case needsMigration(from: Schema.Version?)
        /// A store written by a version newer than the migration plan knows; opening it
        /// fails and leaves it as it is.
        case newer(storeVersion: Schema.Version)
        /// A store that matches no version of the migration plan; the differences from
        /// the nearest version, one per line.
        case unknownVersion(differences: [String])
        /// An SQLite database that OpenSwiftData did not write (its tables are listed).
        case notAModelStore(tables: [String])
        /// A file that cannot be read as a store: not an SQLite database, damaged pages,
        /// unreadable. The reason is SQLite's message.
        case damaged(reason: String)

        public var description: String {
            switch self {
            case .missing: "missing"
            case .empty: "empty"
            case .ok: "ok"
            case .needsMigration(let from): "needs migration" + (from.map { " from \($0)" } ?? "")
            case .newer(let version): "written by a newer version (\(version))"
            case .unknownVersion(let differences):
                "matches no known version: " + differences.joined(separator: "; ")
            case .notAModelStore(let tables): "not a model store (tables: \(tables.joined(separator: ", ")))"
            case .damaged(let reason): "damaged: \(reason)"
            }
        }
    }

    /// One entity of the store and how many rows it holds.
    public struct EntityRows: Sendable, Hashable {
        /// The entity's name, also its table's.
        public let entity: String
        /// How many rows the entity's table holds.
        public let rowCount: Int

        /// Describes the entity `entity` with `rowCount` rows.
        ///
        /// - Parameters:
        ///   - entity: The entity's name.
        ///   - rowCount: How many rows its table holds.
        public init(entity: String, rowCount: Int) {
            self.entity = entity
            self.rowCount = rowCount
        }
    }

    /// What the store is, for the schema and plan it was inspected against.
    public let state: State
    /// The main file's size in bytes; nil when it does not exist.
    public let fileSize: Int?
    /// The schema version the store is stamped with (stores opened with a migration plan
    /// are); nil for an unversioned store or one that could not be read.
    public let schemaVersion: Schema.Version?
    /// The store's entities, by name, with their row counts; empty when the file is not
    /// a readable store.
    public let entities: [EntityRows]

    /// Creates an inspection's result; `StoreFile.inspect(expecting:migrationPlan:)` makes them.
    ///
    /// - Parameters:
    ///   - state: What the store is.
    ///   - fileSize: The main file's size in bytes; nil when it does not exist.
    ///   - schemaVersion: The version the store is stamped with, if any.
    ///   - entities: The store's entities with their row counts.
    public init(state: State, fileSize: Int?, schemaVersion: Schema.Version? = nil, entities: [EntityRows] = []) {
        self.state = state
        self.fileSize = fileSize
        self.schemaVersion = schemaVersion
        self.entities = entities
    }

    /// Whether the file holds a readable OpenSwiftData store, in any version.
    public var isModelStore: Bool {
        switch state {
        case .ok, .needsMigration, .newer, .unknownVersion: true
        case .missing, .empty, .notAModelStore, .damaged: false
        }
    }

    /// The rows of every entity together.
    public var totalRowCount: Int { entities.reduce(0) { $0 + $1.rowCount } }
}
