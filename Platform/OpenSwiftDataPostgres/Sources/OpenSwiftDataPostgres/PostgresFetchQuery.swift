import Foundation
import OpenSwiftData
import PostgresNIO

/// Which rows of an entity's table a fetch descriptor reads, in which order, and how many:
/// its predicate as a `WHERE` (``PostgresPredicate``), its sorts as an `ORDER BY`, and its
/// offset and limit, all answered by the server.
///
/// A descriptor whose predicate, or whose sorts, have no exact translation is refused with
/// the error that leaves them to the context (``DataStoreError/preferInMemoryFilter``,
/// ``DataStoreError/preferInMemorySort``), which then asks again without them, and without
/// the window, which comes after them.
struct PostgresFetchQuery {
    let layout: StoredEntityLayout
    /// The entities whose rows the query reads, the fetched one and its subentities, when
    /// their table holds others too; nil when every row of the table is of them.
    let entityNames: [String]?
    /// The `WHERE` condition; nil for every row.
    let condition: PostgresPredicate?
    /// The `ORDER BY` terms, `_pk` last, so that rows that tie come in the order they were
    /// inserted, as the SQLite store gives them.
    let order: [String]
    let offset: Int
    let limit: Int?

    /// The query of `descriptor` over `layout`'s table.
    ///
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` when the predicate has no exact
    ///   translation, ``DataStoreError/preferInMemorySort`` when a sort has none.
    init<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>, layout: StoredEntityLayout, tables: PostgresTables, storeIdentifier: String
    ) throws(DataStoreError) {
        self.layout = layout
        let kinds = tables.kinds(of: layout.entityName)
        entityNames = kinds.count < tables.kinds(of: layout.rootEntityName).count ? kinds : nil
        if let predicate = descriptor.predicate {
            guard
                let condition = PostgresPredicate(
                    predicate, layout: layout, entityNames: Set(kinds), storeIdentifier: storeIdentifier,
                    tables: tables)
            else {
                throw .preferInMemoryFilter
            }
            self.condition = condition
        } else {
            condition = nil
        }
        var order: [String] = []
        for sort in descriptor.sortBy {
            guard let term = Self.orderTerm(sort, layout: layout) else { throw .preferInMemorySort }
            order.append(term)
        }
        self.order = order + [PostgresTables.quote(PostgresTables.primaryKey)]
        offset = max(descriptor.fetchOffset ?? 0, 0)
        limit = descriptor.fetchLimit
    }

    /// The query of the rows of `layout`'s table whose `_pk` is one of `keys`, in `_pk` order.
    init(rows keys: [Int64], layout: StoredEntityLayout) {
        self.layout = layout
        entityNames = nil
        var binds = PostgresBindings()
        binds.append(keys)
        condition = PostgresPredicate(sql: "\(PostgresTables.quote(PostgresTables.primaryKey)) = ANY($1)", binds: binds)
        order = [PostgresTables.quote(PostgresTables.primaryKey)]
        offset = 0
        limit = nil
    }

    /// The `ORDER BY` term of a sort on an attribute whose stored form orders as Swift does;
    /// nil for a string (whose comparators, `localizedStandard` by default, are the
    /// context's), a key path through a relationship, or another value.
    private static func orderTerm<T>(_ sort: SortDescriptor<T>, layout: StoredEntityLayout) -> String? {
        guard let keyPath = sort.keyPath,
            let attribute = layout.attribute(at: keyPath),
            attribute.storedOrderMatchesSwift, !attribute.isString,
            attribute.storage == .integer || attribute.storage == .real
        else { return nil }
        // Swift orders nil before any value.
        let direction = sort.order == .forward ? "ASC NULLS FIRST" : "DESC NULLS LAST"
        return "\(PostgresTables.quote(attribute.name)) \(direction)"
    }

    /// `SELECT columns FROM table AS t WHERE … ORDER BY … LIMIT … OFFSET …`.
    func select(_ columns: [String], from tables: PostgresTables) -> PostgresQuery {
        var sql =
            "SELECT \(columns.joined(separator: ", ")) FROM \(tables.table(layout.entityName)) AS t\(whereClause) "
            + "ORDER BY \(order.joined(separator: ", "))"
        if let limit { sql += " LIMIT \(max(limit, 0))" }
        if offset > 0 { sql += " OFFSET \(offset)" }
        return PostgresQuery(unsafeSQL: sql, binds: condition?.binds ?? PostgresBindings())
    }

    /// `SELECT count(*) FROM table WHERE …`: the rows that match, before the window.
    func count(from tables: PostgresTables) -> PostgresQuery {
        PostgresQuery(
            unsafeSQL: "SELECT count(*)::int8 FROM \(tables.table(layout.entityName)) AS t\(whereClause)",
            binds: condition?.binds ?? PostgresBindings())
    }

    /// How many of `matching` rows the window keeps.
    func windowed(_ matching: Int) -> Int {
        let afterOffset = max(matching - offset, 0)
        return limit.map { min(max($0, 0), afterOffset) } ?? afterOffset
    }

    private var whereClause: String {
        var conditions: [String] = []
        if let entityNames {
            let names = entityNames.map { "'\($0.replacingOccurrences(of: "'", with: "''"))'" }
            conditions.append(
                "\(PostgresTables.quote(PostgresTables.entityColumn)) IN (\(names.joined(separator: ", ")))")
        }
        if let condition { conditions.append(condition.sql) }
        return conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }
}
