import Logging
import OpenSwiftData
import StoreSync

extension PostgresStoreConfiguration {
    /// What opening the store with these models would change in its tables, found by making
    /// the changes in a transaction that is then rolled back: the tables are only read. The
    /// counterpart of `ModelContainer.dryRunMigration(for:migrationPlan:configuration:)`, which
    /// migrates a copy of a SQLite store.
    ///
    /// The dry run takes the advisory lock a migration takes: it waits for a process that is
    /// migrating the tables, and a process that opens the store meanwhile waits for it.
    ///
    /// - Parameters:
    ///   - schema: The models to store, as a container would be given them.
    ///   - migrationPlan: The versions the tables go through after the one they record; nil
    ///     to infer the changes.
    /// - Returns: The version the tables record, the one they would be brought to, and each
    ///   stage with its statements. No stage when the tables match the models, or when the
    ///   namespace holds no tables yet: opening the store makes them, as a SQLite store not
    ///   made yet is reported.
    /// - Throws: What opening the store would throw: `SwiftDataError` when the models are
    ///   invalid or the tables cannot be migrated (`refusedChange`, `storeIsNewer`,
    ///   `unknownModelVersion`, `migrationStageFailed`: a custom stage's code runs, and its
    ///   saves are rolled back with the rest); ``PostgresStoreError`` when the URL or the name
    ///   cannot be used, the plan has a custom stage of tables that record no version, or the
    ///   server cannot be reached or refuses.
    public func dryRunMigration(for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?) throws
        -> MigrationReport
    {
        if let invalidity = schema.invalidity { throw invalidity }
        try PostgresTables.checkNamespace(name)
        let remote = try remote
        let tables = try PostgresTables(schema: schema, namespace: name)
        let identifier = storeIdentifier(on: remote)
        let url = url
        let logger = Logger(label: "OpenSwiftDataPostgres")
        let thread = PostgresThread(name: "PostgresStore \(name) dry run")
        defer { thread.stop() }
        return try thread.wait {
            try await PostgresStore.prepare(
                tables, schema: schema, plan: migrationPlan, identifier: identifier, url: url, on: remote,
                logger: logger, dryRun: true)
        }
    }
}
