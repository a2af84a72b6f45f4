/// What the custom code of a migration inserted and deleted, per entity, so that the
/// row counts after the migration can be checked against the counts before.
final class MigrationLedger {
    private(set) var inserted: [String: Int] = [:]
    private(set) var deleted: [String: Int] = [:]
    /// Rows inserted, updated or deleted in the current stage.
    private(set) var rowsDone = 0
    var onSave: ((Int) -> Void)?

    func record(inserted newRows: [String], updated: Int, deleted goneRows: [String]) {
        for name in newRows { inserted[name, default: 0] += 1 }
        for name in goneRows { deleted[name, default: 0] += 1 }
        rowsDone += newRows.count + updated + goneRows.count
        onSave?(rowsDone)
    }

    /// Counts rows deleted in bulk, by entity.
    func record(deletedCounts: [String: Int]) {
        for (name, count) in deletedCounts { deleted[name, default: 0] += count }
        rowsDone += deletedCounts.values.reduce(0, +)
        onSave?(rowsDone)
    }

    func startStage() {
        rowsDone = 0
    }
}
