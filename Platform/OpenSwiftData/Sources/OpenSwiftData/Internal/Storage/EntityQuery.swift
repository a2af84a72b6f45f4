/// How the rows of an entity are read in one schema, and which model class each row
/// becomes: the entity's own rows, and those of its sub-entities (`@Model` subclasses)
/// that the schema has, each read in full and made a model of its own class.
///
/// An entity without sub-entities in the schema is read as its ``EntityDescriptor``
/// reads it. With sub-entities, each sub-entity's table is joined too (`LEFT JOIN`: a row
/// has a row in the table of each entity it is a kind of), their columns follow the
/// entity's, and a last column says which entity a row is: the deepest one whose table
/// has the row.
///
/// A class: a fetch's plan holds its query, and a copy of a structure of this many parts
/// counts each of them, several times per fetch; a copy of a class counts one object.
final class EntityQuery: Sendable {
    /// The entity the query is for.
    let entity: EntityDescriptor
    /// What `SELECT` reads: the primary key, then the columns.
    let columnsSQL: String
    /// The columns after the primary key, one expression each: ``columnsSQL`` is the
    /// primary key and these.
    let columnExpressions: [String]
    /// What `FROM` reads.
    let fromSQL: String
    /// What a row of each entity it may be needs to become a model: ``entity``'s first,
    /// then its sub-entities' in the schema.
    let kinds: [RowKind]
    /// ``kinds``' first: a row of ``entity`` itself. Stored apart so that a fetch, at every
    /// row, borrows it from the query, where a copy out of the array costs a retain and a
    /// release of each of its parts.
    let rootKind: RowKind
    /// The column that holds a row's index in ``kinds``; nil when the entity has no
    /// sub-entity in the schema, and every row is of ``entity``.
    let discriminatorColumn: Int?
    /// The number of columns, primary key included: the place of any column a query adds.
    let columnCount: Int
    /// The text of the queries built so far, by shape (see ``selectText(for:)``).
    private let texts = SelectTexts()

    /// The primary key of a row of ``fromSQL``.
    var keySQL: String { entity.keySQL }

    /// `SELECT` of every row, without a `WHERE` clause.
    var selectSQL: String { "SELECT \(columnsSQL) FROM \(fromSQL)" }

    /// `SELECT` of one row by primary key.
    var selectByKeySQL: String { "\(selectSQL) WHERE \(keySQL) = ?" }

    /// Whether the query reads sub-entities' rows too.
    var isPolymorphic: Bool { discriminatorColumn != nil }

    /// The `SELECT` of a fetch of this shape: built once per shape, as a fetch repeated
    /// with other values (a lookup by key) sends the same text each time.
    func selectText(for shape: SelectShape) -> String {
        if let known = texts.byShape.withLock({ $0[shape] }) { return known }
        var text = shape.keysOnly ? "SELECT \(keySQL) FROM \(entity.fromSQL)" : selectSQL
        if let condition = shape.condition { text += " WHERE \(condition)" }
        if let orderBy = shape.orderBy { text += " ORDER BY \(orderBy)" }
        if shape.isPaged { text += " LIMIT ? OFFSET ?" }
        texts.byShape.withLock { byShape in
            // Bounded: conditions that differ in more than their values (`IN` lists of
            // every length) would otherwise grow it for as long as the schema is used.
            if byShape.count < SelectTexts.capacity { byShape[shape] = text }
        }
        return text
    }

    /// ``selectText(for:)``, unless `last`, the text a context asked for last, is the one:
    /// a fetch repeated in a loop asks for the same shape each time, with the same strings
    /// (a template's condition, the entity's order), which `==` compares by address before
    /// it compares their characters, where the shared cache hashes every character, behind
    /// a lock every context takes.
    func selectText(for shape: SelectShape, last: inout LastSelectText?) -> String {
        if let last, last.texts === texts, last.shape == shape { return last.text }
        let text = selectText(for: shape)
        last = LastSelectText(texts: texts, shape: shape, text: text)
        return text
    }

    /// A query of every field given (see ``reading(_:)``).
    init(
        entity: EntityDescriptor, columnExpressions: [String], fromSQL: String, kinds: [RowKind],
        discriminatorColumn: Int?
    ) {
        self.entity = entity
        self.columnExpressions = columnExpressions
        self.columnsSQL = ([entity.keySQL] + columnExpressions).joined(separator: ", ")
        self.fromSQL = fromSQL
        self.kinds = kinds
        self.rootKind = kinds[0]
        self.discriminatorColumn = discriminatorColumn
        self.columnCount = columnExpressions.count + 1
    }

    /// The query of `entity`'s rows in a schema of `entities`.
    init(entity: EntityDescriptor, in entities: [EntityDescriptor]) {
        self.entity = entity
        // Parents before children, so that a row's columns come in property order.
        let descendants = entities.filter { $0 !== entity && $0.isKind(of: entity) }
            .sorted { $0.tableChain.count < $1.tableChain.count }
        guard !descendants.isEmpty else {
            columnsSQL = entity.selectColumnsSQL
            columnExpressions = entity.columnPropertyIndices.map(entity.qualifiedColumn(of:))
            fromSQL = entity.fromSQL
            kinds = [RowKind(entity: entity, columns: entity.columnPropertyIndices)]
            rootKind = kinds[0]
            discriminatorColumn = nil
            columnCount = entity.columnPropertyIndices.count + 1
            return
        }
        let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        var columns = entity.columnPropertyIndices.map(entity.qualifiedColumn(of:))
        var from = entity.fromSQL
        for descendant in descendants {
            columns += descendant.ownColumnPropertyIndices.map(descendant.qualifiedColumn(of:))
            from += " LEFT JOIN \(descendant.quotedTable) ON \(descendant.quotedTable).\(primaryKey) = \(entity.keySQL)"
        }
        let concrete = [entity] + descendants
        // The deepest entity whose table has the row is the row's own.
        let cases = concrete.indices.dropFirst().sorted {
            concrete[$0].tableChain.count > concrete[$1].tableChain.count
        }
        .map { "WHEN \(concrete[$0].quotedTable).\(primaryKey) IS NOT NULL THEN \($0)" }
        columns.append("CASE \(cases.joined(separator: " ")) ELSE 0 END")
        columnsSQL = ([entity.keySQL] + columns).joined(separator: ", ")
        columnExpressions = columns
        fromSQL = from
        kinds = concrete.map { rowEntity in
            var properties = entity.columnPropertyIndices
            for descendant in descendants {
                let own = descendant.ownColumnPropertyIndices
                properties += rowEntity.isKind(of: descendant) ? own : Array(repeating: -1, count: own.count)
            }
            properties.append(-1)
            return RowKind(entity: rowEntity, columns: properties)
        }
        rootKind = kinds[0]
        columnCount = rootKind.columns.count + 1
        discriminatorColumn = columnCount - 1
    }
}

/// What a fetch's `SELECT` text depends on (see ``EntityQuery/selectText(for:)``).
struct SelectShape: Hashable, Sendable {
    /// Whether it reads the primary keys alone.
    let keysOnly: Bool
    /// The `WHERE` condition, its values bound.
    let condition: String?
    let orderBy: String?
    /// Whether it ends with `LIMIT ? OFFSET ?`.
    let isPaged: Bool
}

/// The `SELECT` texts of an entity's query, by shape.
final class SelectTexts: Sendable {
    /// The most shapes kept; later ones are built at each fetch.
    static let capacity = 128
    let byShape = Locked<[SelectShape: String]>([:])
}

extension EntityQuery {
    /// The rows of one entity of a query: which model they become, and how their
    /// columns are read.
    struct RowKind: Sendable {
        /// The entity of the row, and of its model.
        let entity: EntityDescriptor
        /// The index of the property that each column after the primary key holds for a
        /// row of ``entity``, or -1 for a column it lacks.
        let columns: [Int]
        /// For a query that leaves some of the entity's columns out (a partial fetch, see
        /// ``EntityQuery/reading(_:)``): the values a row's model starts with before the
        /// columns read are stored, ``StoredValue/notRead`` for the columns left out. Nil
        /// for a query of every column.
        var unreadValues: [StoredValue]? = nil
    }
}
