import Foundation
import GRDB

/// How one fetch runs: the SQL it sends, and what it finishes in memory (a predicate
/// or sort that SQL cannot express, and the context's unsaved changes).
struct FetchPlan<T: PersistentModel> {
    let descriptor: FetchDescriptor<T>
    let entity: EntityDescriptor
    let pending: PendingModels
    let condition: SQLCondition?
    let orderBy: String?

    init(descriptor: FetchDescriptor<T>, entity: EntityDescriptor, pending: PendingModels) {
        self.descriptor = descriptor
        self.entity = entity
        self.pending = pending
        self.condition = descriptor.predicate.flatMap { PredicateTranslator.condition(for: $0, entity: entity) }
        self.orderBy = SortTranslator.orderBy(descriptor.sortBy, entity: entity)
        if let predicate = descriptor.predicate, condition?.isExact != true {
            // A full-table read is never silent: say which entity and which expression.
            ModelContext.logger.notice(
                "predicate on \(entity.name) is evaluated in memory: \(String(describing: predicate.expression))")
        }
    }

    /// Whether SQL alone answers the fetch, paging included.
    var isAnsweredBySQL: Bool {
        pending.isEmpty && (descriptor.predicate == nil || condition?.isExact == true) && orderBy != nil
    }

    var sql: (text: String, arguments: [DatabaseValue]) { sql(from: entity.selectSQL) }

    /// The query of the primary keys alone, in the fetch's order.
    var keysSQL: (text: String, arguments: [DatabaseValue]) {
        let primaryKey = "\(entity.quotedTable).\(EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn))"
        return sql(from: "SELECT \(primaryKey) FROM \(entity.quotedTable)")
    }

    private func sql(from select: String) -> (text: String, arguments: [DatabaseValue]) {
        var text = select
        var arguments: [DatabaseValue] = []
        if let condition {
            text += " WHERE \(condition.fragment.sql)"
            arguments += condition.fragment.arguments
        }
        if let orderBy {
            text += " ORDER BY \(orderBy)"
        }
        if isAnsweredBySQL, descriptor.fetchLimit != nil || descriptor.fetchOffset != nil {
            text += " LIMIT ? OFFSET ?"
            arguments += [(descriptor.fetchLimit ?? -1).databaseValue, (descriptor.fetchOffset ?? 0).databaseValue]
        }
        return (text, arguments)
    }

    func run(in context: ModelContext, db: Database) throws -> [T] {
        let query = sql
        var typed = try context.materializeAll(
            sql: query.text, arguments: query.arguments, entity: entity, as: T.self, db: db)
        if isAnsweredBySQL {
            return typed
        }
        if !pending.excluded.isEmpty {
            typed.removeAll { pending.excluded.contains(ObjectIdentifier($0)) }
        }
        if let predicate = descriptor.predicate, condition?.isExact != true {
            typed = try typed.filter { try predicate.evaluate($0) }
        }
        for candidate in pending.candidates {
            guard let model = candidate as? T, model.persistentBackingData.state != .deleted else { continue }
            if let predicate = descriptor.predicate, try !predicate.evaluate(model) { continue }
            typed.append(model)
        }
        if !descriptor.sortBy.isEmpty, orderBy == nil || !pending.isEmpty {
            typed.sort(using: descriptor.sortBy)
        }
        let offset = min(descriptor.fetchOffset ?? 0, typed.count)
        let end = descriptor.fetchLimit.map { min(typed.count, offset + $0) } ?? typed.count
        return Array(typed[offset..<end])
    }
}

/// Translates sort descriptors to `ORDER BY`, when SQL orders every key as Swift does.
enum SortTranslator {
    static func orderBy<T>(_ sortBy: [SortDescriptor<T>], entity: EntityDescriptor) -> String? {
        var terms: [String] = []
        for sort in sortBy {
            guard let keyPath = sort.keyPath, sort.stringComparator == nil,
                let index = entity.propertyIndexByKeyPath[keyPath],
                let attribute = entity.properties[index].attribute,
                attribute.codec.sqlOrderMatchesSwift
            else { return nil }
            let column = "\(entity.quotedTable).\(entity.properties[index].quotedName)"
            terms.append(sort.order == .forward ? "\(column) ASC" : "\(column) DESC")
        }
        // The primary key makes the order total, so that paging is stable.
        guard !terms.isEmpty else { return entity.primaryKeyOrderSQL }
        terms.append(entity.primaryKeyOrderSQL)
        return terms.joined(separator: ", ")
    }
}
