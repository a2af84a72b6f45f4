import OpenSwiftData
import PostgresNIO

extension PostgresStore {
    /// Writes a context's inserted, changed and deleted models in one transaction. Each
    /// inserted model's primary key is the one the database gives its row.
    ///
    /// - Parameter request: The inserted, updated and deleted models, and the context that
    ///   saves.
    /// - Throws: ``PostgresStoreError`` when the server refuses the save (a unique
    ///   constraint, a row another process deleted that a relationship names) or fails;
    ///   nothing of the save is written then.
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws
        -> DataStoreSaveChangesResult<DefaultSnapshot>
    {
        let (tables, identifier) = (tables, identifier)
        let (inserted, updated, deleted) = (request.inserted, request.updated, request.deleted)
        let remapped = try inTransaction { connection, logger in
            var writer = RowWriter(tables: tables, store: identifier, connection: connection, logger: logger)
            for snapshot in inserted { try await writer.insert(snapshot) }
            // Links to models inserted by this save, once every inserted row has its key.
            for snapshot in inserted { try await writer.update(snapshot, onlyLinksToInserted: true) }
            for snapshot in updated { try await writer.update(snapshot, onlyLinksToInserted: false) }
            for snapshot in deleted { try await writer.delete(snapshot) }
            return writer.remapped
        }
        return DataStoreSaveChangesResult(for: identifier, remappedIdentifiers: remapped)
    }
}

/// The statements of one save, on its transaction's connection.
private struct RowWriter {
    let tables: PostgresTables
    let store: String
    let connection: PostgresConnection
    let logger: Logger
    /// The permanent identifier of each inserted model, by its temporary one.
    var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]

    init(tables: PostgresTables, store: String, connection: PostgresConnection, logger: Logger) {
        self.tables = tables
        self.store = store
        self.connection = connection
        self.logger = logger
    }

    private func layout(of snapshot: DefaultSnapshot) throws -> StoredEntityLayout {
        let entityName = snapshot.persistentIdentifier.entityName
        guard let layout = tables.layouts[entityName] else {
            throw PostgresStoreError.unsupported("models of \(entityName), which the store's schema does not list")
        }
        return layout
    }

    /// The `_pk` of a model of this store, or of one this save inserted.
    private func key(of identifier: PersistentIdentifier) throws -> Int64 {
        if let key = (remapped[identifier] ?? identifier).dataStoreIntegerKey { return key }
        throw PostgresStoreError.unsupported("a relationship to \(identifier.entityName) in another store")
    }

    /// Inserts the row of a new model, its links to models inserted by this save left for
    /// ``update(_:onlyLinksToInserted:)``.
    mutating func insert(_ snapshot: DefaultSnapshot) async throws {
        let layout = try layout(of: snapshot)
        var columns: [String] = []
        var binds = PostgresBindings()
        for attribute in layout.attributes {
            guard case .attribute(let value)? = snapshot.values[attribute.name] else { continue }
            columns.append(PostgresTables.quote(attribute.name))
            PostgresRows.append(value, to: &binds)
        }
        for toOne in layout.toOnes {
            guard case .toOne(let target?)? = snapshot.values[toOne.name], !target.isTemporary else { continue }
            columns.append(PostgresTables.quote(toOne.name))
            binds.append(try key(of: target))
        }
        let primaryKey = PostgresTables.quote(PostgresTables.primaryKey)
        let sql =
            columns.isEmpty
            ? "INSERT INTO \(tables.table(layout.entityName)) DEFAULT VALUES RETURNING \(primaryKey)"
            : "INSERT INTO \(tables.table(layout.entityName)) (\(columns.joined(separator: ", "))) VALUES ("
                + (1...columns.count).map { "$\($0)" }.joined(separator: ", ") + ") RETURNING \(primaryKey)"
        let rows = try await connection.statement(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
        var key: Int64?
        for try await value in rows.decode(Int64.self) { key = value }
        guard let key else { throw PostgresStoreError.server(message: "an insert returned no key") }
        remapped[snapshot.persistentIdentifier] = try PostgresRows.identifier(layout.entityName, key, store: store)
    }

    /// Writes a model's row: every attribute and to-one relationship its snapshot holds, or,
    /// with `onlyLinksToInserted`, the to-one relationships to models this save inserted.
    func update(_ snapshot: DefaultSnapshot, onlyLinksToInserted: Bool) async throws {
        let layout = try layout(of: snapshot)
        var assignments: [String] = []
        var binds = PostgresBindings()
        if !onlyLinksToInserted {
            for attribute in layout.attributes {
                // A value not read is left as it is.
                guard case .attribute(let value)? = snapshot.values[attribute.name], value != .notRead else { continue }
                PostgresRows.append(value, to: &binds)
                assignments.append("\(PostgresTables.quote(attribute.name)) = $\(assignments.count + 1)")
            }
        }
        for toOne in layout.toOnes {
            guard case .toOne(let target)? = snapshot.values[toOne.name] else { continue }
            if onlyLinksToInserted {
                guard let target, target.isTemporary else { continue }
            }
            if let target {
                binds.append(try key(of: target))
            } else {
                binds.appendNull()
            }
            assignments.append("\(PostgresTables.quote(toOne.name)) = $\(assignments.count + 1)")
        }
        guard !assignments.isEmpty else { return }
        binds.append(try key(of: snapshot.persistentIdentifier))
        let sql =
            "UPDATE \(tables.table(layout.entityName)) SET \(assignments.joined(separator: ", ")) "
            + "WHERE \(PostgresTables.quote(PostgresTables.primaryKey)) = $\(assignments.count + 1)"
        try await connection.statement(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
    }

    /// Deletes a model's row.
    func delete(_ snapshot: DefaultSnapshot) async throws {
        let layout = try layout(of: snapshot)
        var binds = PostgresBindings()
        binds.append(try key(of: snapshot.persistentIdentifier))
        let sql =
            "DELETE FROM \(tables.table(layout.entityName)) WHERE \(PostgresTables.quote(PostgresTables.primaryKey)) = $1"
        try await connection.statement(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
    }
}
