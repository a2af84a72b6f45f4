/// One persisted property of a `@Model` class, with what the generated schema needs.
struct PersistedPropertyInfo {
    /// The property's name without escaping backticks, e.g. `default`.
    let name: String
    /// The property's name as written, possibly escaped, e.g. `` `default` ``.
    let spelledName: String
    /// The initializer expression as written, or `nil` when the property has none.
    let defaultValue: String?
    /// The `Schema.Attribute` or `Schema.Relationship` expression built from the
    /// property's `@Attribute` or `@Relationship`, or `nil` when it has neither.
    let metadata: String?
    /// Whether it is a `let`: a plain stored constant that `init(backingData:)` sets from
    /// the store, rather than a property whose accessors reach the backing data.
    var isConstant = false
    /// Whether its declared type is optional (`T?` or `T!`).
    var isOptional = false
    /// Whether it is declared inside an `#if` block.
    var isConditional = false
    /// The declaration as written, which tells apart properties of the same name in
    /// clauses of an `#if` block.
    var declarationText = ""
    /// Its position among the class's active persisted properties (see
    /// ``ConditionalBlock``); a plain number for a class without `#if` blocks of them.
    var position = PropertyPosition()
}
