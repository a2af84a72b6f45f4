/// The columns a partial fetch reads: those of `FetchDescriptor.propertiesToFetch`, and
/// those a model cannot do without: its `let` attributes (its initializer sets them
/// from the row) and the to-one relationships named for prefetching (their keys say
/// what to read).
///
/// The other columns are left out of the query (``EntityQuery/reading(_:)``); the
/// fetched models hold ``StoredValue/notRead`` for them, and read them from the store
/// on first access (``ModelContext/readUnreadValues(of:)``).
enum FetchColumns {
    /// The properties a descriptor's `propertiesToFetch` reads, or nil when it reads
    /// every column. Fails for a key path that names no persisted property.
    static func properties<T>(of descriptor: FetchDescriptor<T>, entity: EntityDescriptor) throws(SwiftDataError)
        -> Set<Int>?
    {
        guard !descriptor.propertiesToFetch.isEmpty else { return nil }
        var wanted = Set(entity.constantPropertyIndices)
        for keyPath in descriptor.propertiesToFetch {
            guard let index = entity.propertyIndexByKeyPath[keyPath] else {
                throw .unsupportedKeyPath(
                    entity: entity.name, keyPath: String(describing: keyPath),
                    reason: "propertiesToFetch lists stored properties of the model only")
            }
            wanted.insert(index)
        }
        for index in try Prefetching.relationshipIndices(of: descriptor, entity: entity)
        where entity.properties[index].hasColumn {
            wanted.insert(index)
        }
        guard entity.columnPropertyIndices.contains(where: { !wanted.contains($0) }) else { return nil }
        return wanted
    }
}

extension EntityQuery {
    /// This query reading, of its entity's columns, those of `properties` only. The
    /// columns of its sub-entities' own properties (which `propertiesToFetch`, key paths
    /// of the entity, cannot name; their `let` attributes are among them) are read in
    /// full, and so is the column that says a row's entity.
    func reading(_ properties: Set<Int>) -> EntityQuery {
        let ownCount = entity.columnPropertyIndices.count
        let rootColumns = rootKind.columns
        let kept = rootColumns.indices.filter { position in
            position >= ownCount || properties.contains(rootColumns[position])
        }
        return EntityQuery(
            entity: entity, columnExpressions: kept.map { columnExpressions[$0] }, fromSQL: fromSQL,
            kinds: kinds.map { kind in
                let read = kept.map { kind.columns[$0] }
                let readSet = Set(read)
                let unread = kind.entity.properties.map { property -> StoredValue in
                    property.hasColumn && !readSet.contains(property.index) ? .notRead : .null
                }
                return RowKind(entity: kind.entity, columns: read, unreadValues: unread)
            },
            discriminatorColumn: discriminatorColumn.map { _ in kept.count })
    }
}

extension FetchedRow {
    /// Initializes `values`, memory not initialized yet, from a row of a partial fetch:
    /// `unread` first (``StoredValue/notRead`` for the columns left out), then the
    /// columns read, the properties at `columns` (-1: none).
    func initialize(_ values: UnsafeMutableBufferPointer<StoredValue>, unread: [StoredValue], columns: [Int]) {
        _ = values.initialize(from: unread)
        assign(to: values, columns: columns)
    }
}
