/// What a migration does (or did): its stages and the SQL each ran.
public struct MigrationReport: Sendable, CustomStringConvertible {
    /// One stage of the migration.
    public struct Stage: Sendable {
        /// "lightweight 1.0.0 → 2.0.0", "custom 2.0.0 → 3.0.0", or "inferred".
        public let description: String
        /// Whether the stage runs `willMigrate` or `didMigrate` code.
        public let hasCustomCode: Bool
        /// The statements that change the store's shape, in order.
        public let statements: [String]

        /// A stage as a store reports it (the custom stores of the package too).
        package init(description: String, hasCustomCode: Bool, statements: [String]) {
            self.description = description
            self.hasCustomCode = hasCustomCode
            self.statements = statements
        }
    }

    /// The store's version before the migration, when it has one.
    public let storeVersion: Schema.Version?
    /// The version after the migration.
    public let targetVersion: Schema.Version
    /// The stages run, in order, with their SQL.
    public let stages: [Stage]
    /// The backup written before the migration, if any.
    public let backupPath: String?

    /// A report as a store gives it (the custom stores of the package too).
    package init(storeVersion: Schema.Version?, targetVersion: Schema.Version, stages: [Stage], backupPath: String?) {
        self.storeVersion = storeVersion
        self.targetVersion = targetVersion
        self.stages = stages
        self.backupPath = backupPath
    }

    /// Whether the store already matches the schema.
    public var isUpToDate: Bool { stages.isEmpty }

    public var description: String {
        guard !stages.isEmpty else { return "The store is up to date (version \(targetVersion))." }
        var lines = ["Migration from \(storeVersion.map(\.description) ?? "an unversioned store") to \(targetVersion):"]
        for (index, stage) in stages.enumerated() {
            lines.append("\(index + 1). \(stage.description)\(stage.hasCustomCode ? " (with custom code)" : "")")
            lines += stage.statements.map { "   \($0);" }
        }
        return lines.joined(separator: "\n")
    }
}
