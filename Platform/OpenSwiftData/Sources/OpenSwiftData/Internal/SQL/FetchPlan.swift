import Foundation
internal import GRDB
import Synchronization

/// How one fetch runs: the SQL it sends, and what it finishes in memory (a predicate
/// or sort that SQL cannot express, and the context's unsaved changes).
///
/// Not generic: a fetch's own code is not specialized for the app's model types (they
/// live in another module), so each use of a `FetchPlan<T>` there looked up the plan's
/// type metadata, about 330 instructions each time, three times per fetch. What needs
/// the model type (evaluating the predicate, sorting in memory) takes the descriptor.
struct FetchPlan {
    let entity: EntityDescriptor
    /// How the entity's rows are read, sub-entities' included; with `propertiesToFetch`,
    /// some of the entity's columns only.
    let query: EntityQuery
    let pending: PendingModels
    /// The `WHERE` condition of the predicate's translation, if any.
    let conditionSQL: String?
    /// Whether ``conditionSQL`` selects exactly the predicate's models.
    let isConditionExact: Bool
    /// The arguments of the query's SQL: the condition's, then `LIMIT` and `OFFSET` when
    /// SQL pages (both ``sql`` and ``keysSQL`` take them).
    let arguments: [DatabaseValue]
    /// How many of ``arguments`` are the condition's.
    let conditionArgumentCount: Int
    let orderBy: String?
    /// Whether SQL alone answers the fetch, paging included.
    let isAnsweredBySQL: Bool
    /// The relationships loaded right after the fetch, by property index.
    let prefetched: [Int]
    /// The descriptor's paging, which SQL applies when it answers the fetch.
    let fetchLimit: Int?
    let fetchOffset: Int?

    /// The `SELECT` of the fetch (``sql``), built when the plan is.
    private let selectText: String

    init<T>(
        descriptor: FetchDescriptor<T>, entity: EntityDescriptor, query: EntityQuery, pending: PendingModels,
        cache: ContextFetchCache
    ) throws(SwiftDataError) {
        self.entity = entity
        // Most fetches name no properties, no relationships and no order: they skip the
        // generic code that reads the key paths, whose types' metadata it looks up at
        // every call, and the lists too (``FetchDescriptor/counts``).
        let query =
            descriptor.counts.properties == 0
            ? query : try FetchColumns.properties(of: descriptor, entity: entity).map(query.reading) ?? query
        self.query = query
        self.pending = pending
        self.prefetched =
            descriptor.counts.prefetched == 0
            ? [] : try Prefetching.relationshipIndices(of: descriptor, entity: entity)
        // The predicate is read once: each read copies it, through its type's metadata.
        // SQL answers it when its condition is exact (or there is none).
        var isPredicateAnsweredBySQL = true
        var arguments: [DatabaseValue] = []
        if let predicate = descriptor.predicate {
            let condition =
                PredicateTemplates.condition(for: predicate, entity: entity, cache: cache)
                ?? PredicateTranslator.condition(for: predicate, entity: entity)
            if condition?.isExact != true, Self.isFirstReport(of: predicate, on: entity) {
                // A full-table read is never silent: say which entity and which expression.
                ModelContextCore.logger.notice(
                    "predicate on \(entity.name) is evaluated in memory: \(Self.describe(predicate.expression, of: entity))"
                )
            }
            // The arguments are taken, not copied: paging appends to them in place.
            arguments = condition?.fragment.arguments ?? []
            conditionArgumentCount = arguments.count
            conditionSQL = condition?.fragment.sql
            isConditionExact = condition?.isExact == true
            isPredicateAnsweredBySQL = isConditionExact
        } else {
            conditionSQL = nil
            isConditionExact = false
            conditionArgumentCount = 0
        }
        let orderBy =
            descriptor.counts.sortBy == 0
            ? entity.primaryKeyOrderSQL : SortTranslator.orderBy(descriptor.sortBy, entity: entity)
        self.orderBy = orderBy
        let isAnsweredBySQL = pending.isEmpty && isPredicateAnsweredBySQL && orderBy != nil
        self.isAnsweredBySQL = isAnsweredBySQL
        let fetchLimit = descriptor.fetchLimit
        let fetchOffset = descriptor.fetchOffset
        self.fetchLimit = fetchLimit
        self.fetchOffset = fetchOffset
        let isPaged = Self.isPaged(isAnsweredBySQL: isAnsweredBySQL, fetchLimit: fetchLimit, fetchOffset: fetchOffset)
        if isPaged {
            arguments.append((fetchLimit ?? -1).databaseValue)
            arguments.append((fetchOffset ?? 0).databaseValue)
        }
        self.arguments = arguments
        selectText = query.selectText(
            for: SelectShape(keysOnly: false, condition: conditionSQL, orderBy: orderBy, isPaged: isPaged),
            last: &cache.lastSelect)
    }

    /// The predicate's translation, if it has one: SQL answers the predicate when it is exact.
    var condition: SQLCondition? {
        conditionSQL.map { sql in
            SQLCondition(
                fragment: SQLFragment(sql, Array(arguments.prefix(conditionArgumentCount))), isExact: isConditionExact)
        }
    }

    /// Whether the query ends with `LIMIT ? OFFSET ?`: SQL answers the fetch, and it pages.
    private var isPaged: Bool {
        Self.isPaged(isAnsweredBySQL: isAnsweredBySQL, fetchLimit: fetchLimit, fetchOffset: fetchOffset)
    }

    private static func isPaged(isAnsweredBySQL: Bool, fetchLimit: Int?, fetchOffset: Int?) -> Bool {
        isAnsweredBySQL && (fetchLimit != nil || fetchOffset != nil)
    }

    /// The predicate forms already reported as evaluated in memory, by entity and
    /// expression type: the shape of the expression tree and the types it reads, not the
    /// values, key paths or comparison operators in it.
    private static let reportedForms = Locked<Set<String>>([])

    /// Whether this form of predicate on this entity is reported for the first time in
    /// the process: a fetch repeated in a loop is reported once, not at every fetch.
    private static func isFirstReport<T>(of predicate: Predicate<T>, on entity: EntityDescriptor) -> Bool {
        let form = "\(entity.name) \(ObjectIdentifier(type(of: predicate.expression)))"
        return reportedForms.withLock { $0.insert(form).inserted }
    }

    /// A predicate's expression as Foundation describes it, with the entity's key paths,
    /// which Linux describes by address (`\Trip.<computed 0x… (String)>`), by name.
    static func describe(_ expression: Any, of entity: EntityDescriptor) -> String {
        var text = String(describing: expression)
        for property in entity.properties {
            text = text.replacingOccurrences(
                of: String(describing: property.keyPath), with: "\\\(entity.name).\(property.name)")
        }
        return text
    }

    var sql: (text: String, arguments: [DatabaseValue]) { (selectText, arguments) }

    /// The query of the primary keys alone, in the fetch's order.
    var keysSQL: (text: String, arguments: [DatabaseValue]) {
        let shape = SelectShape(keysOnly: true, condition: conditionSQL, orderBy: orderBy, isPaged: isPaged)
        return (query.selectText(for: shape), arguments)
    }

    /// Runs the fetch of `descriptor`, the one this plan was made for.
    func run<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, in context: ModelContextCore, db: Database) throws
        -> [T]
    {
        let query = sql
        var typed = try context.materializeAll(
            sql: query.text, arguments: query.arguments, query: self.query, as: T.self, db: db)
        if isAnsweredBySQL {
            return typed
        }
        if !pending.excluded.isEmpty {
            typed.removeAll { pending.excluded.contains(ObjectIdentifier($0)) }
        }
        if let predicate = descriptor.predicate, !isConditionExact {
            typed = try typed.filter { try predicate.evaluate($0) }
        }
        for candidate in pending.candidates {
            guard let model = candidate as? T, model.persistentBackingData.state != .deleted else { continue }
            if let predicate = descriptor.predicate, try !predicate.evaluate(model) { continue }
            typed.append(model)
        }
        if !descriptor.sortBy.isEmpty, orderBy == nil || !pending.isEmpty {
            typed.sort { SortTranslator.areInIncreasingOrder($0, $1, by: descriptor.sortBy) }
        }
        let offset = min(fetchOffset ?? 0, typed.count)
        let end = fetchLimit.map { min(typed.count, offset + $0) } ?? typed.count
        return Array(typed[offset..<end])
    }
}

/// Translates sort descriptors to `ORDER BY`, when SQL orders every key as Swift does,
/// and orders models in memory the same way.
///
/// Strings order as on Apple platforms: a `SortDescriptor` on a `String` key path orders
/// with `localizedStandardCompare` (numbers by value, case and diacritics after the
/// letters) unless it names another comparator (``StringSortOrder``). Linux's Foundation
/// leaves such a descriptor's comparator unset and would order by code point; SQL orders
/// with the store's collation of each order (``StoreFunctions``). Key paths through
/// to-one relationships and into `Codable` attributes are SQL too (``SortColumns``).
enum SortTranslator {
    static func orderBy<T>(_ sortBy: [SortDescriptor<T>], entity: EntityDescriptor) -> String? {
        var terms: [String] = []
        for sort in sortBy {
            guard let keyPath = sort.keyPath,
                let (sql, ordersAsSwift) = SortColumns.column(for: keyPath, entity: entity)
            else { return nil }
            var column = sql
            if isString(type(of: keyPath).valueType) {
                guard let order = StringSortOrder(sort) else { return nil }
                column += " COLLATE \(order.collation)"
            } else if !ordersAsSwift {
                return nil
            }
            terms.append(sort.order == .forward ? "\(column) ASC" : "\(column) DESC")
        }
        // The primary key makes the order total, so that paging is stable.
        guard !terms.isEmpty else { return entity.primaryKeyOrderSQL }
        terms.append(entity.primaryKeyOrderSQL)
        return terms.joined(separator: ", ")
    }

    private static func isString(_ type: Any.Type) -> Bool {
        type == String.self || type == String?.self
    }

    /// Whether `lhs` comes before `rhs`, as ``orderBy(_:entity:)`` orders them.
    static func areInIncreasingOrder<T>(_ lhs: T, _ rhs: T, by sortBy: [SortDescriptor<T>]) -> Bool {
        for sort in sortBy {
            let result = compare(lhs, rhs, by: sort)
            if result != .orderedSame { return result == .orderedAscending }
        }
        return false
    }

    private static func compare<T>(_ lhs: T, _ rhs: T, by sort: SortDescriptor<T>) -> ComparisonResult {
        guard let keyPath = sort.keyPath, isString(type(of: keyPath).valueType), let order = StringSortOrder(sort),
            let left = lhs[keyPath: keyPath] as? String?, let right = rhs[keyPath: keyPath] as? String?
        else { return sort.compare(lhs, rhs) }
        let result: ComparisonResult
        switch (left, right) {
        case (nil, nil): result = .orderedSame
        case (nil, _): result = .orderedAscending
        case (_, nil): result = .orderedDescending
        case (let left?, let right?): result = order.compare(left, right)
        }
        guard sort.order == .reverse else { return result }
        switch result {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }
}
