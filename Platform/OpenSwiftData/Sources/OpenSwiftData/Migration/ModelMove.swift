import Foundation
internal import GRDB

/// Moves the rows of models whose configuration changed, from the store that holds them
/// to the store of their new configuration: a container whose models were in one store
/// (`trips.store` holding trips and people) and are now split over two (people in
/// `people.store`).
///
/// A move runs once both stores are at the latest version, in two transactions, so that
/// no moment exists at which the rows are in neither store: the destination's copies the
/// rows it lacks (with their primary keys, join tables and external-data files) and
/// commits; then the source's checks that every row is in the destination, unchanged,
/// and drops the tables. A crash between the two leaves the rows in both stores, and the
/// next opening finishes the move: rows already copied are not copied again. A row of the
/// destination with a moved row's key and other values is a conflict: the move is
/// refused and nothing is written.
struct ModelMove {
    /// The position of the store that holds the rows, and of the store that takes them.
    let source: Int
    let destination: Int
    /// The entities that move, as a group: a relationship never joins two stores.
    let entities: [String]

    /// The moves the stores of `assignment` need: entities a store's file holds that the
    /// container's schema puts in another store.
    static func needed(for assignment: StoreAssignment) -> [ModelMove] {
        guard assignment.configurations.count > 1 else { return [] }
        var storeByEntity: [String: Int] = [:]
        for (index, schema) in assignment.schemas.enumerated() {
            for entity in schema.descriptors { storeByEntity[entity.name] = index }
        }
        var moves: [ModelMove] = []
        for (index, configuration) in assignment.configurations.enumerated() where !configuration.isStoredInMemoryOnly {
            guard let stored = StoredHashes.read(path: configuration.url.standardizedFileURL.path) else { continue }
            var byDestination: [Int: [String]] = [:]
            for name in stored.keys.sorted() {
                if let destination = storeByEntity[name], destination != index {
                    byDestination[destination, default: []].append(name)
                }
            }
            for (destination, entities) in byDestination.sorted(by: { $0.key < $1.key }) {
                moves.append(ModelMove(source: index, destination: destination, entities: entities))
            }
        }
        return moves
    }

    /// Copies the rows into the destination, then removes them from the source. Both
    /// stores must be at the latest version, and closed.
    func run(_ assignment: StoreAssignment) throws(SwiftDataError) {
        let sourceURL = assignment.configurations[source].url.standardizedFileURL
        let destinationURL = assignment.configurations[destination].url.standardizedFileURL
        let destinationShapes = assignment.schemas[destination].layout.shapes
        let joinTables = EntityShape.joinTables(in: destinationShapes).filter { entities.contains($0.ownerEntity) }
        let tables =
            entities.map { Table(name: $0, isJoinTable: false) }
            + joinTables.map { Table(name: $0.name, isJoinTable: true) }
        try copy(tables, from: sourceURL, into: destinationURL)
        try remove(
            tables, from: sourceURL, checkedAgainst: destinationURL, sourceLayout: assignment.schemas[source].layout)
    }

    /// A table that moves: an entity's, or a join table between moved entities.
    struct Table {
        let name: String
        let isJoinTable: Bool
        var quoted: String { EntityDescriptor.quote(name) }
    }

    private func refuse(_ reason: String, from source: URL, into destination: URL) -> SwiftDataError {
        .rowsNotCopied(
            from: source.path, into: destination.path,
            reason: "moving \(entities.joined(separator: ", ")) to its new configuration: \(reason)")
    }

    /// Adds to the destination the rows of the source it lacks, with their files.
    private func copy(_ tables: [Table], from sourceURL: URL, into destinationURL: URL) throws(SwiftDataError) {
        let externalData = ExternalDataChanges(folder: ExternalDataFolder(storeURL: destinationURL))
        let sourceFolder = ExternalDataFolder(storeURL: sourceURL)
        do {
            let queue = try DatabaseQueue(path: destinationURL.path, configuration: Store.configuration())
            defer { try? queue.close() }
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "ATTACH DATABASE ? AS source", arguments: [sourceURL.path])
                defer { try? db.execute(sql: "DETACH DATABASE source") }
                try db.inTransaction(.immediate) {
                    for table in tables {
                        try copy(
                            table, db, externalData: externalData, from: sourceFolder, urls: (sourceURL, destinationURL)
                        )
                    }
                    for entity in entities {
                        // Keys given in the source are never given again in the destination.
                        let highest = try PrimaryKeySequence.highestKey(ofEntityNamed: entity, db: db)
                        let given =
                            try Int64.fetchOne(
                                db,
                                sql:
                                    "SELECT CAST(value AS INTEGER) FROM source.\(StoreLayout.metadataTable) WHERE key = ?",
                                arguments: ["primaryKey.\(entity)"]) ?? 0
                        if given > highest { try PrimaryKeySequence.record(given, ofEntityNamed: entity, db: db) }
                    }
                    externalData.settle(in: db)
                    return .commit
                }
            }
        } catch let error as SwiftDataError {
            externalData.discardWritten()
            throw error
        } catch {
            externalData.discardWritten()
            throw SQLiteErrors.swiftDataError(error, path: destinationURL.path)
        }
    }

    /// Copies one table's missing rows, after checking that the rows both stores have
    /// are equal.
    private func copy(
        _ table: Table, _ db: Database, externalData: ExternalDataChanges, from sourceFolder: ExternalDataFolder,
        urls: (source: URL, destination: URL)
    ) throws {
        let columns = try StoreFile.columnNames(db, schema: "main", table: table.name)
        guard try StoreFile.columnNames(db, schema: "source", table: table.name).sorted() == columns.sorted() else {
            throw refuse(
                "the columns of \(table.name) differ between the stores", from: urls.source, into: urls.destination)
        }
        let list = columns.map(EntityDescriptor.quote).joined(separator: ", ")
        if table.isJoinTable {
            // A join table's rowid order is its arrays' order.
            try db.execute(
                sql: """
                    INSERT INTO main.\(table.quoted) (\(list)) SELECT \(list) FROM source.\(table.quoted) AS moved \
                    WHERE NOT EXISTS (SELECT 1 FROM main.\(table.quoted) AS kept \
                    WHERE kept.source = moved.source AND kept.target = moved.target) ORDER BY rowid
                    """)
            return
        }
        let key = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        let equal = columns.map { "kept.\(EntityDescriptor.quote($0)) IS moved.\(EntityDescriptor.quote($0))" }
            .joined(separator: " AND ")
        let conflicts =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM main.\(table.quoted) AS kept JOIN source.\(table.quoted) AS moved \
                    ON kept.\(key) = moved.\(key) WHERE NOT (\(equal))
                    """) ?? 0
        guard conflicts == 0 else {
            throw refuse(
                "\(conflicts) rows of \(table.name) in the new store have the keys of rows to move, with other values",
                from: urls.source, into: urls.destination)
        }
        let missing = "\(key) NOT IN (SELECT \(key) FROM main.\(table.quoted))"
        if sourceFolder.exists,
            let blobs = try ExternalDataRows.blobColumns(db).first(where: { $0.table == table.name })
        {
            // The rows keep their files' names: the files are put in the new store's folder.
            let references = try ExternalDataRows.references(
                db, schema: "source", table: table.name, columns: blobs.columns, where: missing)
            for reference in references {
                try externalData.copyKeepingName(reference.fileName, from: sourceFolder)
            }
        }
        try db.execute(
            sql:
                "INSERT INTO main.\(table.quoted) (\(list)) SELECT \(list) FROM source.\(table.quoted) WHERE \(missing)"
        )
    }

    /// Drops the moved tables from the source once every row is in the destination, and
    /// records the source's shapes without them; their files go once that has committed.
    private func remove(
        _ tables: [Table], from sourceURL: URL, checkedAgainst destinationURL: URL, sourceLayout: StoreLayout
    ) throws(SwiftDataError) {
        do {
            let queue = try DatabaseQueue(path: sourceURL.path, configuration: Store.configuration())
            defer { try? queue.close() }
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "ATTACH DATABASE ? AS destination", arguments: [destinationURL.path])
                defer { try? db.execute(sql: "DETACH DATABASE destination") }
                try db.inTransaction(.immediate) {
                    var files: [String] = []
                    let blobs = try ExternalDataRows.blobColumns(db)
                    for table in tables {
                        let list = try StoreFile.columnNames(db, schema: "main", table: table.name).map(
                            EntityDescriptor.quote
                        )
                        .joined(separator: ", ")
                        let absent =
                            try Int.fetchOne(
                                db,
                                sql: """
                                    SELECT COUNT(*) FROM (SELECT \(list) FROM main.\(table.quoted) \
                                    EXCEPT SELECT \(list) FROM destination.\(table.quoted))
                                    """) ?? 0
                        guard absent == 0 else {
                            throw refuse(
                                "\(absent) rows of \(table.name) are not in the new store", from: sourceURL,
                                into: destinationURL)
                        }
                        if let columns = blobs.first(where: { $0.table == table.name })?.columns {
                            files += try ExternalDataRows.references(
                                db, schema: "main", table: table.name, columns: columns, where: "1"
                            ).map(\.fileName)
                        }
                        try db.execute(sql: "DROP TABLE main.\(table.quoted)")
                    }
                    let version = try StoredMetadata.read(from: db).version
                    try sourceLayout.recordShapes(in: db, version: version)
                    let folder = ExternalDataFolder(storeURL: sourceURL)
                    let obsolete = files
                    db.afterNextTransaction(onCommit: { _ in folder.remove(obsolete) })
                    return .commit
                }
            }
        } catch let error as SwiftDataError {
            throw error
        } catch {
            throw SQLiteErrors.swiftDataError(error, path: sourceURL.path)
        }
    }
}
