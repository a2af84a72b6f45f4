import OpenSwiftData

/// New non-optional properties in a custom stage: the column is added empty, the stage's
/// `didMigrate` gives the rows there are a value, and the migration fails after it if a row
/// still has none, as the SQLite store's stages do (`StoreMigrator.checkFilled`).
extension PostgresSchemaChange {
    /// A new non-optional column that a custom stage's `didMigrate` must fill.
    struct ColumnToFill {
        let entity: String
        let root: String
        let column: String
    }

    /// A new property every model must have: in a custom stage, left for its `didMigrate` to
    /// fill (`toFill`); otherwise refused when the table holds models of the entity.
    ///
    /// - Throws: `SwiftDataError.refusedChange` with `reason` and `remedy`; what `count` throws.
    func requireValues(
        _ entity: String, _ property: String, root: String, count: (String) async throws -> Int,
        toFill: inout [ColumnToFill], reason: String, remedy: String
    ) async throws {
        guard !isCustomStage else {
            toFill.append(ColumnToFill(entity: entity, root: root, column: property))
            return
        }
        try await refuseIfRows(entity, property, root: root, count: count, reason: reason, remedy: remedy)
    }

    /// Fails when a column a custom stage had to fill is still empty in a row of its entity.
    ///
    /// - Parameters:
    ///   - columns: The columns ``apply(to:execute:count:)`` left to the stage.
    ///   - stage: The stage's name, for the error.
    ///   - count: The number a `SELECT count(*)` statement gives.
    /// - Throws: `SwiftDataError.migrationStageFailed` naming the stage, the entity, the
    ///   property and how many rows have no value; what `count` throws.
    func checkFilled(_ columns: [ColumnToFill], stage: String, count: (String) async throws -> Int) async throws {
        for column in columns {
            let missing = try await rowCount(
                of: column.entity, root: column.root, where: "\(PostgresTables.quote(column.column)) IS NULL",
                count: count)
            guard missing > 0 else { continue }
            throw SwiftDataError.migrationStageFailed(
                stage: stage,
                reason:
                    "\(missing) rows of \(column.entity) have no value for the new non-optional \(column.column); didMigrate must set it"
            )
        }
    }
}
