internal import GRDB

extension ModelContextCore {
    /// Reads the values that a partial fetch (`propertiesToFetch`) left out of a model,
    /// and the same columns of the other models of its fetch batch's window whose
    /// values are missing too, in one query: so that reading one property of every
    /// model of a partial fetch costs a query per window of models (``FetchBatch``),
    /// not one per model.
    ///
    /// Only values still missing are filled, in each model's current values and in the
    /// values it keeps for `rollback()`: a value set since the fetch, or read by a later
    /// fetch, stays. A model whose row is gone keeps its missing values.
    func readUnreadValues(of backing: ModelBackingData) throws {
        let missing = backing.withStoredValues { values in
            backing.entity.columnPropertyIndices.filter { values[$0].isNotRead }
        }
        guard !missing.isEmpty, let key = backing.primaryKey else { return }
        // The rows are read as the batch's entity's when it declares the missing columns:
        // the models of a fetch of a `@Model` class may be of its subclasses.
        var source = backing.entity
        var owners: ArraySlice<Int64> = [key]
        if let batch = backing.fetchBatch, backing.entity.isKind(of: batch.entity),
            missing.allSatisfy({ $0 < batch.entity.properties.count })
        {
            source = batch.entity
            owners = batch.window(containing: backing.fetchBatchPosition)
        }
        let columns = [source.keySQL] + missing.map(source.qualifiedColumn(of:))
        let sql =
            "SELECT \(columns.joined(separator: ", ")) FROM \(source.fromSQL) "
            + "WHERE \(source.keySQL) IN (SELECT value FROM json_each(?))"
        let list = "[" + owners.map(String.init).joined(separator: ",") + "]"
        try access(for: source).read { db in
            let statement = try db.fetchStatement(sql: sql)
            try FetchedRow.forEach(in: statement, arguments: [list.databaseValue], db: db) { row in
                let owner =
                    row.primaryKey == key
                    ? backing : identityMap[IdentityMap.key(source, row.primaryKey)]?.persistentBackingData
                guard let owner, owner.entity.isKind(of: source) else { return }
                owner.withStoredValues { values in
                    for (column, index) in missing.enumerated() where values[index].isNotRead {
                        values[index] = row.value(at: column + 1)
                    }
                }
                owner.pendingChanges?.fillUnreadSnapshotValues(from: row, columns: missing)
            }
        }
    }
}

extension PendingChanges {
    /// Fills the values kept for `rollback()` that a partial fetch did not read.
    fileprivate func fillUnreadSnapshotValues(from row: FetchedRow, columns: [Int]) {
        guard var values = snapshot?.values else { return }
        for (column, index) in columns.enumerated() where values[index].isNotRead {
            values[index] = row.value(at: column + 1)
        }
        snapshot?.values = values
    }
}

extension ModelBackingData {
    /// The value at `index`, which was not read yet (a partial fetch left it out, or the
    /// model is a fault from ``ModelContextCore/model(for:)``): read from the store now, with
    /// the model's other missing values. A read that fails, or a row that is gone, stops
    /// the program with the property's name, as reading a model whose row is gone does in
    /// SwiftData: the property has no value to give.
    @inline(never)
    func readUnreadValue(at index: Int) -> StoredValue {
        let name = "\(entity.name).\(entity.properties[index].name)"
        guard let context else {
            fatalError("\(name) was not read from the store, and the model has left its context: it cannot be read")
        }
        do {
            try context.readUnreadValues(of: self)
        } catch {
            fatalError("\(name) cannot be read from the store: \(error)")
        }
        let value = storedValue(at: index)
        guard !value.isNotRead else {
            fatalError("\(name) cannot be read: the model's row is not in the store (it was deleted)")
        }
        return value
    }

    /// Reads the values a partial fetch left out, if any: before the model leaves its
    /// context (when it is deleted), after which they could not be read.
    func readUnreadValuesIfAny() {
        guard fetchBatch != nil, let context, withStoredValues({ $0.contains(where: \.isNotRead) }) else { return }
        do {
            try context.readUnreadValues(of: self)
        } catch {
            ModelContextCore.logger.error("cannot read the unread values of a deleted \(entity.name): \(error)")
        }
    }
}
