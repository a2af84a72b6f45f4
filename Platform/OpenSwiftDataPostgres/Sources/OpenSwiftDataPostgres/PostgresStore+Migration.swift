import Logging
import OpenSwiftData
import PostgresNIO
import StoreSync

/// Opening a store: its tables made or migrated to the container's schema.
extension PostgresStore {
    /// Brings the namespace's tables to the schema (``PostgresSchemaVersions``,
    /// ``PostgresSchemaChange``), in one transaction on a connection of its own, under an
    /// advisory lock: of the processes that open the store at once, one changes the tables
    /// while the others wait, then find them changed.
    static func prepare(
        _ tables: PostgresTables, schema: Schema, plan: (any SchemaMigrationPlan.Type)?, identifier: String,
        on remote: SyncRemote, logger: Logger
    ) async throws {
        do {
            let connection = try await remote.connect(logger: logger)
            do {
                try await connection.inTransaction(logger: logger) {
                    try await migrate(
                        tables, schema: schema, plan: plan, identifier: identifier, on: connection, logger: logger)
                }
            } catch {
                try? await connection.close()
                throw error
            }
            try? await connection.close()
        } catch {
            throw reported(error, remote: remote)
        }
    }

    /// Reads the catalog and the version the tables record, then runs each step's statements
    /// (``PostgresSchemaChange``) and records the version the tables now are.
    private static func migrate(
        _ tables: PostgresTables, schema: Schema, plan: (any SchemaMigrationPlan.Type)?, identifier: String,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        let namespace = tables.namespaceName
        try await connection.statement(
            "SELECT pg_advisory_xact_lock(hashtext(\("openswiftdata:\(namespace)")))", logger: logger)
        var catalog = try await Self.catalog(of: namespace, on: connection, logger: logger)
        let metadata = tables.table(PostgresSchemaVersions.metadataTable)
        var stored: Schema.Version?
        if catalog.columns.removeValue(forKey: PostgresSchemaVersions.metadataTable) != nil {
            let rows = try await connection.statement(
                PostgresQuery(
                    unsafeSQL: "SELECT value FROM \(metadata) WHERE key = $1",
                    binds: Self.texts(PostgresSchemaVersions.versionKey)), logger: logger)
            for try await value in rows.decode(String.self) { stored = Schema.Version(value) }
        }
        let (steps, version) = try PostgresSchemaVersions.steps(
            plan: plan, schema: schema, stored: stored, tablesExist: !catalog.columns.isEmpty,
            storeIdentifier: identifier)
        for schema in steps {
            let step = try PostgresTables(schema: schema, namespace: namespace)
            for statement in step.creationSQL(existing: Set(catalog.columns.keys)) {
                try await connection.statement(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            for root in step.roots where catalog.columns[root] == nil {
                catalog.columns[root] = step.catalogColumns(root)
                catalog.uniques[root] = step.uniqueColumns(root)
            }
            for join in step.joinTables where catalog.columns[join] == nil { catalog.columns[join] = [:] }
            catalog = try await PostgresSchemaChange(tables: step).apply(
                to: catalog,
                execute: { sql in try await connection.statement(PostgresQuery(unsafeSQL: sql), logger: logger) },
                count: { sql in
                    var count: Int64 = 0
                    let rows = try await connection.statement(PostgresQuery(unsafeSQL: sql), logger: logger)
                    for try await value in rows.decode(Int64.self) { count = value }
                    return Int(count)
                })
        }
        try await connection.statement(
            PostgresQuery(
                unsafeSQL: "CREATE TABLE IF NOT EXISTS \(metadata) (key text PRIMARY KEY, value text NOT NULL)"),
            logger: logger)
        try await connection.statement(
            PostgresQuery(
                unsafeSQL:
                    "INSERT INTO \(metadata) (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                binds: Self.texts(PostgresSchemaVersions.versionKey, version.description)),
            logger: logger)
    }

    /// Text parameters of a statement.
    private static func texts(_ values: String...) -> PostgresBindings {
        var binds = PostgresBindings()
        for value in values { binds.append(value) }
        return binds
    }

    /// The namespace's tables, their columns and their unique constraints, as PostgreSQL's
    /// catalog lists them.
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
        return catalog
    }
}
