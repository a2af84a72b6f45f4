/// The names of OpenSwiftData's store format, for `OpenSwiftDataTesting`, whose helpers
/// read and tamper with store files as only this package may. Package access: nothing
/// outside the package sees them, so no other code depends on the format.
package enum StoreFormat {
    /// The table of each entity's recorded shape and hash.
    package static let entitiesTable = StoreLayout.entitiesTable
    /// The table of named values, the schema version among them.
    package static let metadataTable = StoreLayout.metadataTable
    /// The key of the schema version in ``metadataTable``.
    package static let schemaVersionKey = StoreLayout.schemaVersionKey
    /// The table of history transactions, with each save's `timestamp` (seconds since 1970).
    package static let historyTransactionsTable = StoreHistory.transactionsTable
    /// The primary-key column every entity table has.
    package static let primaryKeyColumn = EntityDescriptor.primaryKeyColumn

    /// Quotes an SQL identifier.
    package static func quote(_ identifier: String) -> String {
        EntityDescriptor.quote(identifier)
    }
}
