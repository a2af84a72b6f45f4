/// What the custom code of a migration inserted and deleted, per entity table, so that the
/// row counts after the migration can be checked against the counts before. A row of a
/// sub-entity is a row in the table of each entity of its chain (``EntityDescriptor/tableChain``),
/// and counts in each.
final class MigrationLedger {
    private(set) var inserted: [String: Int] = [:]
    private(set) var deleted: [String: Int] = [:]
    /// Rows inserted, updated or deleted in the current stage.
    private(set) var rowsDone = 0
    var onSave: ((Int) -> Void)?

    /// Counts a save's rows: those it inserted and deleted, by entity, and how many it
    /// updated.
    func record(inserted newRows: [EntityDescriptor], updated: Int, deleted goneRows: [EntityDescriptor]) {
        for entity in newRows {
            for table in entity.tableChain { inserted[table.name, default: 0] += 1 }
        }
        for entity in goneRows {
            for table in entity.tableChain { deleted[table.name, default: 0] += 1 }
        }
        rowsDone += newRows.count + updated + goneRows.count
        onSave?(rowsDone)
    }

    /// Counts rows deleted in bulk, by the most derived entity of each row (named), in
    /// `layout`.
    func record(deletedCounts: [String: Int], layout: StoreLayout) {
        for (name, count) in deletedCounts {
            let chain = layout.entities.first { $0.name == name }?.tableChain.map(\.name) ?? [name]
            for table in chain { deleted[table, default: 0] += count }
        }
        rowsDone += deletedCounts.values.reduce(0, +)
        onSave?(rowsDone)
    }

    func startStage() {
        rowsDone = 0
    }
}
