import Foundation
import Logging
import OpenSwiftData
import PostgresNIO
import StoreSync

/// Opening a store: its tables made or migrated to the container's schema.
extension PostgresStore {
    /// Brings the namespace's tables to the schema (``PostgresSchemaVersions``,
    /// ``PostgresSchemaChange``), in one transaction on a connection of its own, under an
    /// advisory lock: of the processes that open the store at once, one changes the tables
    /// while the others wait, then find them changed. A dry run makes the same changes and
    /// rolls them back.
    ///
    /// - Returns: What the migration changed, or would change.
    @discardableResult
    static func prepare(
        _ tables: PostgresTables, schema: Schema, plan: (any SchemaMigrationPlan.Type)?, identifier: String,
        url: URL, on remote: SyncRemote, logger: Logger, dryRun: Bool = false
    ) async throws -> MigrationReport {
        do {
            let connection = try await remote.connect(logger: logger)
            do {
                let report = try await connection.inTransaction(logger: logger, rollsBack: dryRun) {
                    try await migrate(
                        tables, schema: schema, plan: plan, identifier: identifier, url: url, on: connection,
                        logger: logger)
                }
                try? await connection.close()
                return report
            } catch {
                try? await connection.close()
                throw error
            }
        } catch {
            throw reported(error, remote: remote)
        }
    }

    /// Reads the catalog and the version (and shapes) the tables record, then runs each step's
    /// statements (``PostgresSchemaChange``) and records the version the tables now are, and
    /// how they store each entity.
    ///
    /// - Returns: The versions, and the steps that changed the tables with their statements;
    ///   no step when the namespace held no tables (they were made, as a new SQLite store is,
    ///   without a migration).
    private static func migrate(
        _ tables: PostgresTables, schema: Schema, plan: (any SchemaMigrationPlan.Type)?, identifier: String,
        url: URL, on connection: PostgresConnection, logger: Logger
    ) async throws -> MigrationReport {
        let namespace = tables.namespaceName
        try await connection.statement(
            "SELECT pg_advisory_xact_lock(hashtext(\("openswiftdata:\(namespace)")))", logger: logger)
        var catalog = try await Self.catalog(of: namespace, on: connection, logger: logger)
        let metadata = tables.table(PostgresSchemaVersions.metadataTable)
        var recorded: [String: String] = [:]
        if catalog.columns.removeValue(forKey: PostgresSchemaVersions.metadataTable) != nil {
            let rows = try await connection.statement(
                PostgresQuery(unsafeSQL: "SELECT key, value FROM \(metadata)"), logger: logger)
            for try await (key, value) in rows.decode((String, String).self) { recorded[key] = value }
        }
        for table in PostgresHistory.tableNames { catalog.columns[table] = nil }
        let stored = recorded[PostgresSchemaVersions.versionKey].flatMap { Schema.Version($0) }
        let tablesExist = !catalog.columns.isEmpty
        let (steps, version) = try PostgresSchemaVersions.steps(
            plan: plan, schema: schema, stored: stored, tablesExist: tablesExist, storeIdentifier: identifier)
        var previous = PostgresSchemaVersions.shapes(recorded: recorded, plan: plan, stored: stored)
        var stages: [MigrationReport.Stage] = []
        let session = PostgresMigrationSession(connection: connection)
        for step in steps {
            // A custom stage's code runs here, on this thread (which nothing else needs until
            // the migration ends), its store's statements on the store's own.
            if let code = step.willMigrate, let from = step.fromSchema {
                try runStageCode(
                    code, stage: step.stage ?? "", schema: from, namespace: namespace, url: url, session: session)
            }
            let tables = try PostgresTables(schema: step.schema, namespace: namespace)
            var statements = tables.creationSQL(existing: Set(catalog.columns.keys))
            for statement in statements {
                try await connection.statement(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            for root in tables.roots where catalog.columns[root] == nil {
                catalog.columns[root] = tables.catalogColumns(root)
                catalog.uniques[root] = tables.uniqueColumns(root)
            }
            for join in tables.joinTables where catalog.columns[join] == nil { catalog.columns[join] = [:] }
            let next = step.schema.entityShapes
            let count: (String) async throws -> Int = { sql in
                var count: Int64 = 0
                let rows = try await connection.statement(PostgresQuery(unsafeSQL: sql), logger: logger)
                for try await value in rows.decode(Int64.self) { count = value }
                return Int(count)
            }
            var change = PostgresSchemaChange(tables: tables, previous: previous, next: next)
            change.isCustomStage = step.hasCustomCode
            let applied = try await change.apply(
                to: catalog,
                execute: { sql in
                    statements.append(sql)
                    try await connection.statement(PostgresQuery(unsafeSQL: sql), logger: logger)
                },
                count: count)
            catalog = applied.catalog
            previous = next
            if let code = step.didMigrate {
                try runStageCode(
                    code, stage: step.stage ?? "", schema: step.schema, namespace: namespace, url: url,
                    session: session)
            }
            try await change.checkFilled(applied.columnsToFill, stage: step.stage ?? "", count: count)
            // A plan's stage is reported even when the tables needed no statement for it.
            if tablesExist, step.stage != nil || !statements.isEmpty {
                stages.append(
                    MigrationReport.Stage(
                        description: step.stage ?? "inferred", hasCustomCode: step.hasCustomCode,
                        statements: statements))
            }
        }
        for statement in ["CREATE TABLE IF NOT EXISTS \(metadata) (key text PRIMARY KEY, value text NOT NULL)"]
            + PostgresHistory.creationSQL(tables)
        {
            try await connection.statement(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        for (key, value) in [
            (PostgresSchemaVersions.versionKey, version.description),
            (PostgresSchemaVersions.shapesKey, PostgresSchemaVersions.recorded(schema.entityShapes)),
        ] {
            try await connection.statement(
                PostgresQuery(
                    unsafeSQL:
                        "INSERT INTO \(metadata) (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                    binds: Self.texts(key, value)),
                logger: logger)
        }
        return MigrationReport(storeVersion: stored, targetVersion: version, stages: stages, backupPath: nil)
    }

    /// Text parameters of a statement.
    private static func texts(_ values: String...) -> PostgresBindings {
        var binds = PostgresBindings()
        for value in values { binds.append(value) }
        return binds
    }

    /// The namespace's tables, their columns, their unique constraints and its indexes, as
    /// PostgreSQL's catalog lists them.
    private static func catalog(of namespace: String, on connection: PostgresConnection, logger: Logger)
        async throws -> PostgresSchemaChange.Catalog
    {
        var catalog = PostgresSchemaChange.Catalog()
        let columns = try await connection.statement(
            "SELECT table_name::text, column_name::text, data_type::text FROM information_schema.columns WHERE table_schema = \(namespace)",
            logger: logger)
        for try await (table, column, type) in columns.decode((String, String, String).self) {
            catalog.columns[table, default: [:]][column] = type
        }
        let uniques = try await connection.statement(
            """
            SELECT t.relname::text, array_agg(a.attname::text) FROM pg_constraint c \
            JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace \
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey) \
            WHERE c.contype = 'u' AND n.nspname = \(namespace) GROUP BY c.oid, t.relname
            """,
            logger: logger)
        for try await (table, names) in uniques.decode((String, [String]).self) {
            catalog.uniques[table, default: []].insert(Set(names))
        }
        let indexes = try await connection.statement(
            "SELECT indexname::text FROM pg_indexes WHERE schemaname = \(namespace)", logger: logger)
        for try await name in indexes.decode(String.self) { catalog.indexes.insert(name) }
        return catalog
    }
}
