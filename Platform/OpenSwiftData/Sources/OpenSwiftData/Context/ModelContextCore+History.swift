internal import GRDB

extension ModelContextCore {
    /// The work of ``ModelContext/fetchHistory(_:)``.
    func fetchHistory<T: HistoryTransaction>(_ descriptor: HistoryDescriptor<T>) throws -> [T] {
        let stores = container.stores
        var histories: [[DefaultHistoryTransaction]] = []
        for (index, store) in stores.stores.enumerated() {
            let entities = Dictionary(
                stores.schemas[index].layout.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            do {
                histories.append(
                    try access(toStore: index).read { db in
                        try StoreHistory.transactions(db: db, storeIdentifier: store.identifier, entities: entities)
                    })
            } catch {
                throw SQLiteErrors.swiftDataError(error, path: store.identifier)
            }
        }
        for store in stores.dataStores?.stores ?? [] {
            if let history = try store.fetchHistory() { histories.append(history) }
        }
        let recorded = histories.count == 1 ? histories[0] : StoreHistory.merged(histories)
        // OpenSwiftData records one kind of transaction; another type selects none.
        var selected = recorded.compactMap { $0 as? T }
        if let predicate = descriptor.predicate {
            selected = try selected.filter { try predicate.evaluate($0) }
        }
        if !descriptor.sortBy.isEmpty {
            selected.sort { SortTranslator.areInIncreasingOrder($0, $1, by: descriptor.sortBy) }
        }
        if let limit = descriptor.fetchLimit { selected = Array(selected.prefix(max(0, limit))) }
        return selected
    }

    /// The work of ``ModelContext/deleteHistory(_:)``.
    func deleteHistory<T: HistoryTransaction>(_ descriptor: HistoryDescriptor<T>) throws {
        let stores = container.stores.stores
        let selected = Dictionary(grouping: try fetchHistory(descriptor)) { $0.storeIdentifier }
        for store in container.stores.dataStores?.stores ?? [] {
            guard let transactions = selected[store.identifier] else { continue }
            try store.deleteHistory(transactions.map(\.transactionIdentifier))
        }
        let touched = stores.indices.filter { selected[stores[$0].identifier] != nil }
        guard touched.allSatisfy({ stores[$0].allowsSave }) else { throw SwiftDataError.saveNotAllowed }
        _ = try NestedTransactions.run(
            count: touched.count, path: { stores[touched[$0]].identifier },
            transaction: { position, body in try access(toStore: touched[position]).write(body) }
        ) { position, db in
            let transactions = selected[stores[touched[position]].identifier, default: []]
            try StoreHistory.delete(transactions: transactions.map(\.transactionIdentifier), db: db)
        }.get()
    }
}

extension StoreHistory {
    /// The histories of several stores as one: each store's transactions in their
    /// order, merged by timestamp (ties in store order), each remembering the last
    /// transaction of every store up to it.
    static func merged(_ histories: [[DefaultHistoryTransaction]]) -> [DefaultHistoryTransaction] {
        var next = histories.map { _ in 0 }
        var positions: [String: Int64] = [:]
        var merged: [DefaultHistoryTransaction] = []
        merged.reserveCapacity(histories.reduce(0) { $0 + $1.count })
        while true {
            var earliest: Int?
            for store in histories.indices where next[store] < histories[store].count {
                guard let current = earliest else {
                    earliest = store
                    continue
                }
                if histories[store][next[store]].timestamp < histories[current][next[current]].timestamp {
                    earliest = store
                }
            }
            guard let store = earliest else { return merged }
            var transaction = histories[store][next[store]]
            next[store] += 1
            positions[transaction.storeIdentifier] = transaction.transactionIdentifier
            transaction.historyPositions = positions
            merged.append(transaction)
        }
    }
}
