import OpenSwiftData
import PostgresNIO

extension RowWriter {
    /// Fails when a row of `table` that the save deletes (`keys`) is still linked through one
    /// of its entity's `.deny` relationships to a row the save does not delete: a link the
    /// context did not see (another process made it after the context read the
    /// relationship, or the context never read it). The context judged the links it read.
    ///
    /// - Parameters:
    ///   - keys: The `_pk`s of the rows of `table` the save deletes.
    ///   - table: A hierarchy's table (its root entity's name).
    ///   - deleting: Every row the save deletes, by table.
    /// - Throws: `SwiftDataError.deleteDenied` naming the entity and the relationship; what
    ///   the server throws.
    func refuseDeniedDeletions(of keys: [Int64], in table: String, deleting: [String: [Int64]]) async throws {
        let primaryKey = PostgresTables.quote(PostgresTables.primaryKey)
        for layout in tables.layouts.values.sorted(by: { $0.entityName < $1.entityName })
        where layout.rootEntityName == table {
            for toMany in layout.toManys where toMany.deleteRule == .deny {
                guard let target = tables.layouts[toMany.target] else { continue }
                let kept = deleting[target.rootEntityName] ?? []
                let sql: String
                if let inverse = toMany.inverseToOne {
                    let column = PostgresTables.quote(inverse)
                    sql =
                        "SELECT count(*)::int8 FROM \(tables.table(target.rootEntityName)) "
                        + "WHERE \(column) = ANY($1) AND NOT \(primaryKey) = ANY($2)"
                } else if let join = toMany.joinTable {
                    let (own, other) = toMany.isJoinSource ? ("source", "target") : ("target", "source")
                    sql =
                        "SELECT count(*)::int8 FROM \(tables.table(join)) WHERE \(own) = ANY($1) AND NOT \(other) = ANY($2)"
                } else {
                    continue
                }
                let rows = try await statement(sql, keys: keys, kept)
                var count = 0
                for try await linked in rows.decode(Int.self) { count = linked }
                if count > 0 {
                    throw SwiftDataError.deleteDenied(
                        entity: layout.entityName, relationship: toMany.name, count: count)
                }
            }
        }
    }
}
