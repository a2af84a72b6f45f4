import OpenSwiftData

/// A to-many relationship read as columns of its models' rows (`t`): the `_pk`s of its
/// targets as an array, and their entities as a second array, in the same order, where the
/// target's table holds a hierarchy. Both are subqueries correlated with the row, so that
/// the rows and their relationships are one statement's, read from one state of the database.
struct ToManyColumns {
    /// `ARRAY(SELECT … ORDER BY …)` of the targets' `_pk`s.
    let keys: String
    /// The same of the targets' `_entity`, in the same order; nil when the target's table
    /// holds its entity only.
    let entities: String?

    /// The columns of `toMany`, read through its inverse's column (targets in `_pk` order) or
    /// its join table (in the order the links were added); nil for a relationship held by
    /// neither (no inverse, no join table).
    init?(_ toMany: StoredEntityLayout.ToMany, tables: PostgresTables) {
        let primaryKey = PostgresTables.quote(PostgresTables.primaryKey)
        let entity = PostgresTables.quote(PostgresTables.entityColumn)
        let isHierarchy = tables.isHierarchy(toMany.target)
        let target = tables.table(toMany.target)
        if let inverse = toMany.inverseToOne {
            let rows =
                "FROM \(target) AS x WHERE x.\(PostgresTables.quote(inverse)) = t.\(primaryKey) ORDER BY x.\(primaryKey)"
            keys = "ARRAY(SELECT x.\(primaryKey) \(rows))"
            entities = isHierarchy ? "ARRAY(SELECT x.\(entity) \(rows))" : nil
        } else if let join = toMany.joinTable {
            let (own, other) = toMany.isJoinSource ? ("source", "target") : ("target", "source")
            let links = "FROM \(tables.table(join)) AS j"
            let order = "WHERE j.\(own) = t.\(primaryKey) ORDER BY j._order, j.\(other)"
            keys = "ARRAY(SELECT j.\(other) \(links) \(order))"
            entities =
                isHierarchy
                ? "ARRAY(SELECT x.\(entity) \(links) JOIN \(target) AS x ON x.\(primaryKey) = j.\(other) \(order))"
                : nil
        } else {
            return nil
        }
    }
}
