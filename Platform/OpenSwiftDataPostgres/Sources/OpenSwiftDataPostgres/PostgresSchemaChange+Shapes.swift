import OpenSwiftData

/// The refusals a column's PostgreSQL type cannot see, read from how the previous version
/// stored each entity (its `EntityShape`s, which the namespace's metadata records, or the
/// migration plan's version the tables record): the SQLite store's refusals of the same
/// changes, with its reasons. Without the previous shapes, nothing is refused here.
extension PostgresSchemaChange {
    /// Refuses an attribute whose stored values the new version would read otherwise: its
    /// type changed within one column type (an `Int` read as a `Bool`), or it became
    /// non-optional while rows of its entity hold nil.
    ///
    /// - Parameters:
    ///   - name: The attribute's name in the new version.
    ///   - stored: Its column's name before the change (its `originalName` for a rename).
    func refuseIfAttributeChanged(
        _ name: String, storedAs stored: String, of entity: String, root: String,
        count: (String) async throws -> Int
    ) async throws {
        guard let previous, let before = attributes(of: root, in: previous)[stored],
            let after = attributes(of: root, in: next)[name]
        else { return }
        if before.type != after.type {
            throw SwiftDataError.refusedChange(
                entity: entity, property: name, reason: "its type changed from \(before.type) to \(after.type)",
                remedy:
                    "Add a new property of the new type, copy the values, then remove the old one in a later version.")
        }
        if before.isOptional, !after.isOptional {
            try await refuseIfNil(name, of: entity, root: root, count: count, holding: "hold nil", giving: "a value")
        }
    }

    /// Refuses a to-one relationship whose column the new version would read otherwise: it
    /// was a to-many or held another entity, or it became non-optional while rows of its
    /// entity refer to no model.
    ///
    /// - Parameters:
    ///   - name: The relationship's name in the new version.
    ///   - stored: Its column's name before the change (its `originalName` for a rename).
    func refuseIfToOneChanged(
        _ name: String, storedAs stored: String, of entity: String, root: String,
        count: (String) async throws -> Int
    ) async throws {
        guard let previous, let before = relationships(of: root, in: previous)[stored],
            let after = relationships(of: root, in: next)[name]
        else { return }
        try Self.refuseIfRetargeted(name, of: entity, before: before, after: after)
        if before.isOptional, !after.isOptional {
            try await refuseIfNil(
                name, of: entity, root: root, count: count, holding: "refer to no model", giving: "a model")
        }
    }

    /// Refuses a property made non-optional while rows of its entity hold nil in its column,
    /// saying what those rows `holding` and what to give them.
    private func refuseIfNil(
        _ name: String, of entity: String, root: String, count: (String) async throws -> Int, holding: String,
        giving: String
    ) async throws {
        let nulls = try await rowCount(
            of: entity, root: root, where: "\(PostgresTables.quote(name)) IS NULL", count: count)
        guard nulls > 0 else { return }
        throw SwiftDataError.refusedChange(
            entity: entity, property: name, reason: "it becomes non-optional but \(nulls) rows \(holding)",
            remedy: "Keep it optional, or give those rows \(giving) (with psql), then open the store again.")
    }

    /// Refuses a to-many relationship that was a to-one or held another entity.
    func refuseIfToManyChanged(_ name: String, of entity: String, root: String) throws {
        guard let previous, let before = relationships(of: root, in: previous)[name],
            let after = relationships(of: root, in: next)[name]
        else { return }
        try Self.refuseIfRetargeted(name, of: entity, before: before, after: after)
    }

    private static func refuseIfRetargeted(
        _ name: String, of entity: String, before: EntityShape.Relationship, after: EntityShape.Relationship
    ) throws {
        guard before.isToMany != after.isToMany || before.destination != after.destination else { return }
        func describe(_ relationship: EntityShape.Relationship) -> String {
            "\(relationship.isToMany ? "to-many" : "to-one") \(relationship.destination)"
        }
        throw SwiftDataError.refusedChange(
            entity: entity, property: name,
            reason: "the relationship changed from \(describe(before)) to \(describe(after))",
            remedy: "Add a new relationship, link the models again, then remove the old one in a later version.")
    }

    /// The attributes of the entities of the table of `root` in `shapes`, by name (one table
    /// holds a class hierarchy, whose properties have distinct names).
    private func attributes(of root: String, in shapes: [String: EntityShape]) -> [String: EntityShape.Attribute] {
        Dictionary(
            tables.kinds(of: root).compactMap { shapes[$0] }.flatMap(\.attributes).map { ($0.name, $0) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The relationships of the entities of the table of `root` in `shapes`, by name.
    private func relationships(of root: String, in shapes: [String: EntityShape]) -> [String: EntityShape
        .Relationship]
    {
        Dictionary(
            tables.kinds(of: root).compactMap { shapes[$0] }.flatMap(\.relationships).map { ($0.name, $0) },
            uniquingKeysWith: { first, _ in first })
    }
}
