/// Turns a class into a persistent model, as SwiftData's `@Model` does.
///
/// Every stored property that is not `@Transient` becomes persisted: its storage moves
/// into the model's backing data, and the declared default value is recorded in
/// ``PersistentModel/schemaMetadata`` so that a migration can fill existing rows with it.
///
/// ```swift
/// @Model
/// final class Trip {
///     @Attribute(.unique) var name: String
///     var startDate: Date = .now
///     init(name: String) { self.name = name }
/// }
/// ```
@attached(
    member,
    conformances: PersistentModel,
    names: named(_$backingData), named(persistentBackingData), named(schemaMetadata),
    named(schemaIndexes), named(schemaUniquenessConstraints), named(init), named(_$propertyOffset),
    named(_$superentity), named(_$adoptInitialValues), prefixed(_$keyPaths_), prefixed(_$conditionalCount_),
    prefixed(_$isolation_)
)
@attached(memberAttribute)
@attached(extension, conformances: PersistentModel)
public macro Model() = #externalMacro(module: "OpenSwiftDataMacros", type: "ModelMacro")

/// Implementation detail of `@Model`: routes one stored property through the backing data.
/// `index` is its place among the class's persisted properties, after the active ones of
/// the `#if` blocks `after` lists (see `_$conditionalCount_<Class>(_:)`).
@_documentation(visibility: internal)
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_), prefixed(_$keyPath_))
public macro _PersistedProperty(_ index: Int, after conditionalBlocks: [Int] = []) =
    #externalMacro(module: "OpenSwiftDataMacros", type: "PersistedPropertyMacro")

/// Implementation detail of `@Model`: sets the named optional `let` properties, which the
/// initializer leaves unassigned, to nil at the start of its body.
@_documentation(visibility: internal)
@attached(body)
public macro _OptionalConstants(_ names: String...) =
    #externalMacro(module: "OpenSwiftDataMacros", type: "OptionalConstantsMacro")

/// Customises how an attribute is stored: options such as `.unique`, and the name it had
/// in an earlier schema version.
@attached(peer)
public macro Attribute(
    _ options: Schema.Attribute.Option...,
    originalName: String? = nil,
    hashModifier: String? = nil
) = #externalMacro(module: "OpenSwiftDataMacros", type: "AttributeMacro")

/// Declares a relationship's delete rule, inverse and earlier name.
@attached(peer)
public macro Relationship(
    _ options: Schema.Relationship.Option...,
    deleteRule: Schema.Relationship.DeleteRule = .nullify,
    minimumModelCount: Int? = 0,
    maximumModelCount: Int? = 0,
    originalName: String? = nil,
    inverse: AnyKeyPath? = nil,
    hashModifier: String? = nil
) = #externalMacro(module: "OpenSwiftDataMacros", type: "RelationshipMacro")

/// Leaves a stored property out of the store. It must have a default value.
@attached(peer)
public macro Transient() = #externalMacro(module: "OpenSwiftDataMacros", type: "TransientMacro")

/// Declares an SQLite index over one or more properties of the enclosing model.
///
/// ```swift
/// #Index<Trip>([\.name], [\.startDate, \.name])
/// ```
@freestanding(declaration)
public macro Index<Model: PersistentModel>(_ indices: [PartialKeyPath<Model>]...) =
    #externalMacro(module: "OpenSwiftDataMacros", type: "IndexMacro")

/// Declares indexes of the given kinds over properties of the enclosing model.
///
/// ```swift
/// #Index<Place>(.binary([\.name]), .rtree([\.latitude, \.longitude]))
/// ```
///
/// Both kinds are SQLite B-tree indexes over the listed columns (see
/// ``Schema/Index/Types``).
@freestanding(declaration)
public macro Index<Model: PersistentModel>(_ indices: Schema.Index<Model>.Types<Model>...) =
    #externalMacro(module: "OpenSwiftDataMacros", type: "IndexMacro")

/// Declares a uniqueness constraint over one or more properties of the enclosing model.
/// Inserting a model equal on all of them to a stored one updates that row.
@freestanding(declaration)
public macro Unique<Model: PersistentModel>(_ constraints: [PartialKeyPath<Model>]...) =
    #externalMacro(module: "OpenSwiftDataMacros", type: "UniqueMacro")

/// Gives an actor a model context of its own, isolated to the actor, as SwiftData's
/// `@ModelActor` does: `modelContainer`, `modelExecutor`, `modelContext` and
/// `init(modelContainer:)`.
@attached(member, names: named(modelExecutor), named(modelContainer), named(init))
@attached(extension, conformances: ModelActor)
public macro ModelActor() = #externalMacro(module: "OpenSwiftDataMacros", type: "ModelActorMacro")
