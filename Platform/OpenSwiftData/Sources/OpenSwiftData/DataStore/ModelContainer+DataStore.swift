extension ModelContainer {
    /// Opens the stores of some configurations, which may be ``ModelConfiguration``s
    /// (OpenSwiftData's SQLite stores) and configurations of custom stores
    /// (``DataStoreConfiguration``), as SwiftData's initializer:
    ///
    /// ```swift
    /// let container = try ModelContainer(
    ///     for: Schema([PlannedTrip.self]),
    ///     configurations: [JSONStoreConfiguration(name: "Trips", fileURL: url)]
    /// )
    /// ```
    ///
    /// With custom configurations, a migration plan goes to the custom stores' initializers,
    /// and is refused for the SQLite stores (``SwiftDataError/unsupportedConfiguration(reason:)``).
    ///
    /// - Parameters:
    ///   - schema: The models to store.
    ///   - migrationPlan: The plan handed to the custom stores' initializers; nil for none.
    ///   - configurations: The stores: one per configuration.
    /// - Throws: ``SwiftDataError`` when the schema or the configurations are invalid, when a
    ///   plan is given with both kinds of configuration, or when a SQLite store cannot be
    ///   opened; what a custom store's configuration or initializer throws.
    public convenience init(
        for schema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: [any DataStoreConfiguration]
    ) throws {
        let models = configurations.compactMap { $0 as? ModelConfiguration }
        if models.count == configurations.count {
            try self.init(for: schema, migrationPlan: migrationPlan, configurations: models)
            return
        }
        if let invalidity = schema.invalidity { throw invalidity }
        let assignment = try DataStoreAssignment(schema: schema, configurations: configurations)
        if migrationPlan != nil, !models.isEmpty, !assignment.sqliteSchema.descriptors.isEmpty {
            throw SwiftDataError.unsupportedConfiguration(
                reason:
                    "a migration plan with both ModelConfigurations and custom store configurations; migrate the SQLite stores with a container of their own"
            )
        }
        try self.init(for: schema, migrationPlan: migrationPlan, assignment: assignment)
    }

    /// A container of the configurations listed, as the form that takes an array of
    /// `any DataStoreConfiguration` makes it.
    ///
    /// - Parameters:
    ///   - schema: The models to store.
    ///   - migrationPlan: The plan handed to the custom stores' initializers; nil for none.
    ///   - configurations: The stores: one per configuration.
    /// - Throws: ``SwiftDataError`` when the schema or the configurations are invalid, when a
    ///   plan is given with both kinds of configuration, or when a SQLite store cannot be
    ///   opened; what a custom store's configuration or initializer throws.
    public convenience init(
        for schema: Schema,
        migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: any DataStoreConfiguration...
    ) throws {
        try self.init(for: schema, migrationPlan: migrationPlan, configurations: configurations)
    }

    /// Opens the stores of some configurations for some model types.
    ///
    /// - Parameters:
    ///   - forTypes: The model types to store, with the models they refer to.
    ///   - migrationPlan: The plan handed to the custom stores' initializers; nil for none.
    ///   - configurations: The stores: one per configuration.
    /// - Throws: ``SwiftDataError`` when the schema or the configurations are invalid, when a
    ///   plan is given with both kinds of configuration, or when a SQLite store cannot be
    ///   opened; what a custom store's configuration or initializer throws.
    public convenience init(
        for forTypes: any PersistentModel.Type...,
        migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: any DataStoreConfiguration...
    ) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }
}
