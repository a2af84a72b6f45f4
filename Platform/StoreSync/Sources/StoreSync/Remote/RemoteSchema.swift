import Foundation
import PostgresNIO

/// The engine's tables on the server, which it creates and migrates itself:
///
/// - `storesync_schema(version, server_id)`: one row; the version of these tables, and
///   the server's identity (a store synced with another server, or with this one after
///   its tables were dropped, starts over);
/// - `storesync_stores(name)`: the stores synced;
/// - `storesync_records_<store>` per store: `record_name uuid` (the global id),
///   `entity`, `fields jsonb` (the attributes by name), the version of the last write as
///   a hybrid logical clock (``HybridLogicalClock``): `version_wall` (milliseconds since
///   1970), `version_counter` and `device` (the writer's device id); `field_versions
///   jsonb` (each field's version, ``HybridLogicalClock/fieldVersion``, by which two
///   machines' writes of different fields merge); `deleted` (a tombstone, whose `fields`
///   and `field_versions` are empty), `seq` (the server sequence number of the record's
///   last write, from `storesync_seq`), `origin_device` and `origin_key` (the device that
///   first wrote the record, and the model's entity and primary key in its store, by which a
///   store put back from a backup finds the names it had given: ``RemoteRecords/names(originatedBy:)``);
/// - `storesync_links_<store>` per store: the adds of targets to the records' to-many
///   fields, an add-wins set (``RemoteLinks``): `record_name`, `field`, `target` (the
///   target's record name), `added` (the add's tag: the version of the change that made
///   it) and `removed` (a removal saw it); a target is in the set while one of its adds is
///   not removed;
/// - `storesync_devices(store, device, cursor, seen_at, noted)`: each device that syncs a
///   store, how far it has pulled, when it last synced, and the highest cursor it noted or
///   sequence number its push was given (by which a store recognises a server that went back
///   in time); `storesync_compactions(store,
///   horizon)`: the highest sequence number of a tombstone removed (``TombstoneCompaction``);
/// - `storesync_seq`: the sequence numbers.
///
/// They live in a schema of the connecting role, named after it and owned by it: several
/// people share one database, each with a role, and none can read or change another's
/// records (PostgreSQL gives other roles no access to a role's schema). Record names are
/// unique within an account's tables, so names derived from domain keys never merge two
/// accounts' records.
///
/// A server whose `version` is higher than ``version`` was written by a newer release:
/// this one refuses to touch it.
enum RemoteSchema {
    /// The version this release writes.
    static let version = 5

    /// The migrations, the first from nothing to version 1; each runs in the transaction
    /// that holds the schema lock.
    private static let migrations: [[String]] = [
        [
            "CREATE TABLE storesync_schema (version integer NOT NULL, server_id uuid NOT NULL)",
            "CREATE TABLE storesync_stores (name text PRIMARY KEY)",
            "CREATE SEQUENCE storesync_seq",
        ],
        // 1 to 2: versions by hybrid logical clock. A record's `modified_at` (seconds since
        // 1970) becomes its clock time in milliseconds, with the counter 0: the records
        // keep their order, and a later write by the new rule wins over them as before.
        // Tombstones lose the fields version 1 kept in them.
        [
            """
            DO $$ DECLARE t text; BEGIN
            FOR t IN SELECT 'storesync_records_' || name FROM storesync_stores LOOP
                IF to_regclass(t) IS NOT NULL THEN
                    EXECUTE format('ALTER TABLE %I ADD COLUMN version_wall bigint, '
                        || 'ADD COLUMN version_counter bigint NOT NULL DEFAULT 0', t);
                    EXECUTE format('UPDATE %I SET version_wall = floor(modified_at * 1000)::bigint', t);
                    EXECUTE format('UPDATE %I SET fields = ''{}'' WHERE deleted', t);
                    EXECUTE format('ALTER TABLE %I ALTER COLUMN version_wall SET NOT NULL, '
                        || 'ALTER COLUMN version_counter DROP DEFAULT, DROP COLUMN modified_at', t);
                END IF;
            END LOOP; END $$
            """
        ],
        // 2 to 3: a version per field. Each field of a record takes the record's version.
        [
            """
            DO $$ DECLARE t text; BEGIN
            FOR t IN SELECT 'storesync_records_' || name FROM storesync_stores LOOP
                IF to_regclass(t) IS NOT NULL THEN
                    EXECUTE format('ALTER TABLE %I ADD COLUMN field_versions jsonb NOT NULL DEFAULT ''{}''', t);
                    EXECUTE format('UPDATE %I SET field_versions = (SELECT coalesce(jsonb_object_agg(k, '
                        || 'lpad(to_hex(version_wall), 16, ''0'') || lpad(to_hex(version_counter), 16, ''0'') '
                        || '|| device::text), ''{}''::jsonb) FROM jsonb_object_keys(fields) AS k)', t);
                END IF;
            END LOOP; END $$
            """,
            // The devices that sync each store, with how far they have pulled: tombstones
            // every recent device has pulled are removed (``TombstoneCompaction``).
            """
            CREATE TABLE storesync_devices (store text NOT NULL, device uuid NOT NULL, cursor bigint NOT NULL, \
            seen_at timestamptz NOT NULL, PRIMARY KEY (store, device))
            """,
            "CREATE TABLE storesync_compactions (store text PRIMARY KEY, horizon bigint NOT NULL)",
        ],
        // 3 to 4: each record's origin (its first writer's device and model); to-many fields
        // as add-wins sets, an add per row. A record's adds
        // are made from its field's array, at the field's version, when a push first
        // changes the field (``RemoteLinks``): the server does not know which fields are
        // relationships.
        [
            """
            DO $$ DECLARE s text; BEGIN
            FOR s IN SELECT name FROM storesync_stores LOOP
                IF to_regclass('storesync_records_' || s) IS NOT NULL THEN
                    EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS origin_device uuid, ADD COLUMN IF NOT EXISTS origin_key text', \
                        'storesync_records_' || s);
                    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (origin_device)', 'storesync_records_' || s || '_origin', \
                        'storesync_records_' || s);
                    EXECUTE format('CREATE TABLE IF NOT EXISTS %I (record_name uuid NOT NULL, field text NOT NULL, '
                        || 'target text NOT NULL, added text NOT NULL, removed boolean NOT NULL DEFAULT false, '
                        || 'PRIMARY KEY (record_name, field, target, added))', 'storesync_links_' || s);
                END IF;
            END LOOP; END $$
            """
        ],
        // 4 to 5: the highest cursor each device noted, which never goes down (`cursor` may,
        // for a while, when two processes sync one store): a store whose device's note is
        // below the one it made recognises a server that went back in time.
        [
            "ALTER TABLE storesync_devices ADD COLUMN IF NOT EXISTS noted bigint NOT NULL DEFAULT 0",
            "UPDATE storesync_devices SET noted = cursor",
        ],
    ]

    /// The lock held while an account's tables are created or migrated: an advisory lock
    /// of the account's own (this class, and a digest of the role), so that one account's
    /// setup never waits for another's. Advisory locks are open to every role, so another
    /// role could hold it: the wait is bounded (``lockTimeout``), the sync then fails with
    /// the server's message and the next one tries again; the records are never reached.
    /// A sync whose tables are ready takes no lock.
    private static let lockClass: Int32 = 0x5354_5359  // "STSY"
    private static let lockTimeout = "30s"

    /// Points the session at the role's own schema, alone: every table of the engine is
    /// looked up and created there, so an account never sees another's records.
    static func useOwnSchema(on remote: RemoteConnection) async throws(SyncError) {
        try await remote.query("SELECT set_config('search_path', quote_ident(current_user), false)")
    }

    /// Creates the role's schema (named after it, owned by it, closed to other roles),
    /// and moves into it the tables an earlier release made in `public`, when the role
    /// owns them and has none of its own yet.
    private static let ownSchemaSQL = [
        // Only when it is missing: an administrator may have made it (CREATE SCHEMA alice
        // AUTHORIZATION alice), and then the role needs no CREATE on the database.
        """
        DO $$ BEGIN
        IF to_regnamespace(quote_ident(current_user)) IS NULL THEN
            EXECUTE format('CREATE SCHEMA %I AUTHORIZATION %I', current_user, current_user);
        END IF;
        END $$
        """,
        """
        DO $$ DECLARE r record; BEGIN
        IF (SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = to_regclass('public.storesync_schema'))
                = current_user
            AND to_regclass(format('%I.storesync_schema', current_user)) IS NULL THEN
            FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'public' AND c.relname LIKE 'storesync\\_%' AND c.relkind IN ('r', 'S')
                AND pg_get_userbyid(c.relowner) = current_user LOOP
                IF r.relkind = 'S' THEN
                    EXECUTE format('ALTER SEQUENCE public.%I SET SCHEMA %I', r.relname, current_user);
                ELSE
                    EXECUTE format('ALTER TABLE public.%I SET SCHEMA %I', r.relname, current_user);
                END IF;
            END LOOP;
        END IF; END $$
        """,
    ]

    /// The server's identity, once its tables are ready for `store` at ``version``, in
    /// the role's own schema.
    static func prepare(store: String, on remote: RemoteConnection) async throws(SyncError) -> UUID {
        try await useOwnSchema(on: remote)
        if let ready = try await readyServer(store: store, on: remote) { return ready }
        return try await remote.transaction { () async throws(SyncError) -> UUID in
            try await remote.query(PostgresQuery(unsafeSQL: "SET LOCAL lock_timeout = '\(lockTimeout)'"))
            try await remote.query("SELECT pg_advisory_xact_lock(\(lockClass), hashtext(current_user))")
            for statement in ownSchemaSQL { try await remote.query(PostgresQuery(unsafeSQL: statement)) }
            try await checkOwnership(on: remote)
            var found = try await installedVersion(on: remote)
            if found > version {
                throw SyncError.remoteSchemaNewer(remote: remote.remote.description, found: found, supported: version)
            }
            while found < version {
                for statement in migrations[found] { try await remote.query(PostgresQuery(unsafeSQL: statement)) }
                found += 1
            }
            if try await remote.query("SELECT 1 FROM storesync_schema").isEmpty {
                try await remote.query(
                    "INSERT INTO storesync_schema (version, server_id) VALUES (\(version), \(UUID()))")
            } else {
                try await remote.query("UPDATE storesync_schema SET version = \(version)")
            }
            let table = recordsTable(store)
            for statement in [
                """
                CREATE TABLE IF NOT EXISTS \(table) (record_name uuid PRIMARY KEY, entity text NOT NULL, \
                fields jsonb NOT NULL, version_wall bigint NOT NULL, version_counter bigint NOT NULL, \
                device uuid NOT NULL, deleted boolean NOT NULL, seq bigint NOT NULL, \
                field_versions jsonb NOT NULL DEFAULT '{}', origin_device uuid, origin_key text)
                """,
                "CREATE INDEX IF NOT EXISTS \(table)_seq ON \(table) (seq)",
                "CREATE INDEX IF NOT EXISTS \(table)_origin ON \(table) (origin_device)",
                """
                CREATE TABLE IF NOT EXISTS \(linksTable(store)) (record_name uuid NOT NULL, field text NOT NULL, \
                target text NOT NULL, added text NOT NULL, removed boolean NOT NULL DEFAULT false, \
                PRIMARY KEY (record_name, field, target, added))
                """,
            ] {
                try await remote.query(PostgresQuery(unsafeSQL: statement))
            }
            try await remote.query("INSERT INTO storesync_stores (name) VALUES (\(store)) ON CONFLICT DO NOTHING")
            return try await serverID(on: remote)
        }
    }

    /// The table of a store's records; `store` is checked by ``SyncedStore``.
    static func recordsTable(_ store: String) -> String {
        "storesync_records_\(store)"
    }

    /// The table of the elements of a store's to-many fields.
    static func linksTable(_ store: String) -> String {
        "storesync_links_\(store)"
    }

    /// The server's identity when everything is ready, in one query (the usual case);
    /// nil when something must be created or migrated first.
    private static func readyServer(store: String, on remote: RemoteConnection) async throws(SyncError) -> UUID? {
        let rows = try await remote.query(
            """
            SELECT to_regclass('storesync_schema') IS NOT NULL, \
            to_regclass(\(recordsTable(store))) IS NOT NULL AND to_regclass(\(linksTable(store))) IS NOT NULL, \
            (\(unescaped: foreignObjectsSQL))
            """)
        guard let row = rows.first else { return nil }
        let (hasSchemaTable, hasStoreTables, foreign) = try decode((Bool, Bool, String?).self, row, remote)
        if let foreign { throw .remoteNotOwned(remote: remote.remote.description, objects: foreign) }
        guard hasSchemaTable, hasStoreTables else { return nil }
        let found = try await installedVersion(on: remote)
        if found > version {
            throw .remoteSchemaNewer(remote: remote.remote.description, found: found, supported: version)
        }
        guard found == version else { return nil }
        return try await serverID(on: remote)
    }

    /// SQL that names the role's schema and the engine's tables in it that another role
    /// owns, each with its owner (`schema alice belongs to mallory, …`), or gives NULL.
    /// PostgreSQL's catalog shows every object's owner to every role, so the check needs no
    /// access to the objects themselves.
    private static let foreignObjectsSQL = """
        SELECT string_agg(what || ' belongs to ' || pg_get_userbyid(owner), ', ' ORDER BY what) FROM (\
        SELECT 'schema ' || nspname AS what, nspowner AS owner FROM pg_namespace WHERE nspname = current_user \
        UNION ALL SELECT 'table ' || n.nspname || '.' || c.relname, c.relowner FROM pg_class c \
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_user \
        AND c.relname LIKE 'storesync%') AS objects \
        WHERE owner <> (SELECT oid FROM pg_roles WHERE rolname = current_user)
        """

    /// Throws ``SyncError/remoteNotOwned(remote:objects:)`` when the role's schema, or an
    /// engine table in it, belongs to another role: one that made the schema before the
    /// account's first sync could otherwise read, change or drop its records.
    private static func checkOwnership(on remote: RemoteConnection) async throws(SyncError) {
        guard let row = try await remote.query(PostgresQuery(unsafeSQL: foreignObjectsSQL)).first,
            let foreign = try decode(String?.self, row, remote)
        else { return }
        throw .remoteNotOwned(remote: remote.remote.description, objects: foreign)
    }

    /// The version of the tables; 0 when there are none.
    private static func installedVersion(on remote: RemoteConnection) async throws(SyncError) -> Int {
        let exists = try await remote.query("SELECT to_regclass('storesync_schema') IS NOT NULL")
        guard let row = exists.first, try decode(Bool.self, row, remote) else { return 0 }
        guard let version = try await remote.query("SELECT max(version) FROM storesync_schema").first,
            let found = try decode(Int?.self, version, remote)
        else { return 0 }
        return found
    }

    private static func serverID(on remote: RemoteConnection) async throws(SyncError) -> UUID {
        guard let row = try await remote.query("SELECT server_id FROM storesync_schema LIMIT 1").first else {
            throw .server(remote: remote.remote.description, message: "storesync_schema has no row")
        }
        return try decode(UUID.self, row, remote)
    }

    static func decode<Value: PostgresDecodable>(_: Value.Type, _ row: PostgresRow, _ remote: RemoteConnection)
        throws(SyncError) -> Value
    {
        do {
            return try row.decode(Value.self)
        } catch {
            throw .server(remote: remote.remote.description, message: "unexpected answer (\(error))")
        }
    }

    static func decode<each Column: PostgresDecodable>(
        _: (repeat each Column).Type, _ row: PostgresRow, _ remote: RemoteConnection
    ) throws(SyncError) -> (repeat each Column) {
        do {
            return try row.decode((repeat each Column).self)
        } catch {
            throw .server(remote: remote.remote.description, message: "unexpected answer (\(error))")
        }
    }
}
