import Foundation
import GRDB

extension StoreFile {
    /// Adds every row of the store at `source` to this store, in one transaction, and
    /// returns how many rows were added. What moving a store to a new name needs when a
    /// store already exists under that name.
    ///
    /// The two stores must hold the same entities with the same shapes, and no entity may
    /// have relationships (their keys would point at the wrong rows once copied); anything
    /// else is refused with ``SwiftDataError/Cause/rowsNotCopied(from:into:reason:)`` and
    /// nothing is written. Copied rows get new primary keys, above any key this store has
    /// given; every other column is copied as it is, and each external-data file a copied
    /// row names is copied into this store's support folder under a new name. The copy is
    /// not recorded in the store's history. Neither store may be open in a container.
    ///
    /// ```swift
    /// let added = try StoreFile(url: newURL).copyRows(from: legacyURL)
    /// ```
    @discardableResult
    public func copyRows(from source: URL) throws(SwiftDataError) -> Int {
        func refuse(_ reason: String) -> SwiftDataError {
            .rowsNotCopied(from: source.path, into: path, reason: reason)
        }
        guard exists else { throw refuse("there is no store to copy into") }
        let origin = StoreFile(url: source)
        guard origin.exists else { throw refuse("there is no store to copy from") }
        var configuration = Store.configuration()
        configuration.busyMode = .timeout(5)
        let queue = try SQLiteErrors.map(path: path) { try DatabaseQueue(path: path, configuration: configuration) }
            .get()
        defer { try? queue.close() }
        let externalData = ExternalDataChanges(folder: externalData)
        do {
            let sourceMetadata = try origin.readOnlyQueue().read { db in
                try RowCopyPlan.metadata(db, role: "the store to copy from", refuse: refuse)
            }
            return try queue.writeWithoutTransaction { db in
                try db.execute(sql: "ATTACH DATABASE ? AS source", arguments: [source.path])
                defer { try? db.execute(sql: "DETACH DATABASE source") }
                var added = 0
                try db.inTransaction(.immediate) {
                    for table in try RowCopyPlan(db, source: sourceMetadata, refuse: refuse).tables {
                        added += try table.copy(db, externalData: externalData, from: origin.externalData)
                    }
                    externalData.settle(in: db)
                    return .commit
                }
                return added
            }
        } catch let error as SwiftDataError {
            externalData.discardWritten()
            throw error
        } catch {
            externalData.discardWritten()
            throw refuse(Self.reason(error))
        }
    }
}

/// What ``StoreFile/copyRows(from:)`` copies: each entity table of the attached `source`
/// store, checked against the `main` store.
private struct RowCopyPlan {
    struct Table {
        let name: String
        let columns: [String]

        /// Inserts the source's rows with keys after the highest this store has given,
        /// and records the new highest key. The external-data files the new rows name are
        /// copied from `source` into `externalData`'s folder, and the rows renamed to
        /// the copies, so that no two rows of a store share a file.
        func copy(_ db: Database, externalData: ExternalDataChanges, from source: ExternalDataFolder) throws -> Int {
            let key = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
            let table = EntityDescriptor.quote(name)
            let highest = try PrimaryKeySequence.highestKey(ofEntityNamed: name, db: db)
            let list = ([key] + columns.map(EntityDescriptor.quote)).joined(separator: ", ")
            let values = (["\(highest) + ROW_NUMBER() OVER (ORDER BY \(key))"] + columns.map(EntityDescriptor.quote))
                .joined(separator: ", ")
            try db.execute(sql: "INSERT INTO main.\(table) (\(list)) SELECT \(values) FROM source.\(table)")
            let added = db.changesCount
            if added > 0 { try PrimaryKeySequence.record(highest + Int64(added), ofEntityNamed: name, db: db) }
            guard added > 0, source.exists,
                let blobs = try ExternalDataRows.blobColumns(db).first(where: { $0.table == name })
            else { return added }
            let copied = try ExternalDataRows.references(
                db, table: name, columns: blobs.columns, where: "\(key) > ?", arguments: [highest])
            for reference in copied {
                let newName = try externalData.copy(reference.fileName, from: source)
                try db.execute(
                    sql: "UPDATE main.\(table) SET \(EntityDescriptor.quote(reference.column)) = ? WHERE \(key) = ?",
                    arguments: [newName, reference.key])
            }
            return added
        }
    }

    let tables: [Table]

    init(_ db: Database, source: StoredMetadata, refuse: (String) -> SwiftDataError) throws {
        let destination = try Self.metadata(db, role: "the store to copy into", refuse: refuse)
        guard source.hashes == destination.hashes else {
            let names = Set(source.hashes.keys).union(destination.hashes.keys).sorted()
            let differing = names.filter { source.hashes[$0] != destination.hashes[$0] }
            throw refuse("the stores' entities differ (differing entities: \(differing.joined(separator: ", ")))")
        }
        if let related = destination.hashes.keys.sorted().first(where: {
            destination.shapes[$0]?.relationships.isEmpty != true
        }) {
            throw refuse("entity \(related) has relationships, whose keys cannot be copied")
        }
        let metadataPrefix = "openswiftdata_"
        if let extra = try StoreFile.tableNames(db, schema: "source").first(where: {
            !$0.hasPrefix(metadataPrefix) && destination.hashes[$0] == nil
        }) {
            throw refuse("the store to copy from has a table \(extra) that is not an entity")
        }
        var tables: [Table] = []
        for name in destination.hashes.keys.sorted() {
            let sourceColumns = try Self.columns(db, schema: "source", table: name)
            let destinationColumns = try Self.columns(db, schema: "main", table: name)
            guard sourceColumns.sorted() == destinationColumns.sorted() else {
                throw refuse("the columns of \(name) differ between the stores")
            }
            tables.append(
                Table(name: name, columns: destinationColumns.filter { $0 != EntityDescriptor.primaryKeyColumn }))
        }
        self.tables = tables
    }

    /// The metadata of the store `db` reads, or a refusal when it is not a model store.
    static func metadata(_ db: Database, role: String, refuse: (String) -> SwiftDataError) throws -> StoredMetadata {
        guard try StoredMetadata.readHashes(from: db) != nil else {
            throw refuse("\(role) is not an OpenSwiftData store")
        }
        return try StoredMetadata.read(from: db)
    }

    static func columns(_ db: Database, schema: String, table: String) throws -> [String] {
        try Row.fetchAll(db, sql: "PRAGMA \(schema).table_info(\(EntityDescriptor.quote(table)))").map { $0["name"] }
    }
}
