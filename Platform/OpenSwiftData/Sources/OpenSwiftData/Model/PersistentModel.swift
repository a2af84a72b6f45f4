import Observation

/// A class whose instances are stored in a ``ModelContainer``; `@Model` makes a class
/// conform.
///
/// As in SwiftData, a persistent model is `Hashable` and `Identifiable` by its identity:
/// two references are equal when they are the same object, and `id` is the
/// ``persistentModelID`` unless the class declares an `id` of its own. It is
/// `Observable`: `withObservationTracking` sees a change to a persisted property (see
/// <doc:PortingFromSwiftData#What-differs-on-purpose> for the one difference from SwiftData).
public protocol PersistentModel: AnyObject, Observable, Hashable, Identifiable, SendableMetatype {
    /// Where the model keeps its persisted values; written by `@Model`.
    var persistentBackingData: ModelBackingData { get set }

    /// The persisted properties, in declaration order; written by `@Model`.
    static var schemaMetadata: [Schema.PropertyMetadata] { get }

    /// The indexes declared with `#Index`, as lists of property names.
    static var schemaIndexes: [[String]] { get }

    /// The uniqueness constraints declared with `#Unique`, as lists of property names.
    static var schemaUniquenessConstraints: [[String]] { get }

    /// Creates a model around stored values; used when fetching.
    ///
    /// - Parameter backingData: The stored values of the model's row.
    init(backingData: ModelBackingData)

    /// The `@Model` class this one inherits from, if it is a `@Model` subclass; written by
    /// `@Model` for classes that may be subclassed.
    @_documentation(visibility: internal)
    static var _$superentity: (any PersistentModel.Type)? { get }
}

extension PersistentModel {
    public static var schemaIndexes: [[String]] { [] }
    public static var schemaUniquenessConstraints: [[String]] { [] }
    @_documentation(visibility: internal)
    public static var _$superentity: (any PersistentModel.Type)? { nil }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// The model's identifier: temporary until the model's first save, permanent after.
    public var persistentModelID: PersistentIdentifier {
        persistentBackingData.persistentModelID
    }

    /// The model's identity, ``persistentModelID``, unless the class declares an `id` of its own.
    public var id: PersistentIdentifier { persistentModelID }

    /// The context the model is registered in, if any.
    public var modelContext: ModelContext? { persistentBackingData.context?.publicContext }

    /// Whether the model has been deleted from its context (saved or not).
    public var isDeleted: Bool { persistentBackingData.state == .deleted }

    /// Whether the model has unsaved changes.
    public var hasChanges: Bool {
        switch persistentBackingData.state {
        case .inserted, .deleted: true
        case .persisted: persistentBackingData.hasChangedProperties
        case .detached: false
        }
    }

    /// Reads a persisted property through its key path.
    ///
    /// - Parameter keyPath: The property's key path.
    public func getValue<Value>(forKey keyPath: KeyPath<Self, Value>) -> Value {
        self[keyPath: keyPath]
    }

    /// Writes a persisted property through its key path.
    ///
    /// - Parameters:
    ///   - keyPath: The property's key path.
    ///   - newValue: The value to write.
    public func setValue<Value>(forKey keyPath: ReferenceWritableKeyPath<Self, Value>, to newValue: Value) {
        self[keyPath: keyPath] = newValue
    }
}

/// The storage that stands in for a persisted property in the class's layout; the
/// value itself lives in the backing data. Implementation detail of `@Model`.
@_documentation(visibility: internal)
public struct _PersistedPropertyPlaceholder: Sendable {
    /// The placeholder; it holds nothing.
    public init() {}
}

/// A persisted property's key path, kept in a type constant by `@Model` (see
/// ``_keyPathConstant(_:)``). Implementation detail of `@Model`.
///
/// @unchecked Sendable: it holds one key path, an immutable object, in a `let`. A key path
/// to a property of a main-actor class is not `Sendable` only so that it is not applied
/// off the main actor; `@Model` keeps this box in a `private static let` that the class's
/// isolation guards, read by the property's own getter alone, which runs in that isolation.
/// `MainActorModelTests` read and write such properties, and compare the constant with
/// the literal.
@_documentation(visibility: internal)
public struct _KeyPathConstant<Root, Value>: @unchecked Sendable {
    /// The key path the constant was made with.
    public let keyPath: KeyPath<Root, Value>
}

/// Returns `keyPath` in a box, through a call the optimizer does not look into. `@Model`
/// keeps each persisted property's key path in a type constant initialized with this:
/// initialized with the literal itself, the constant is folded back into the literal at
/// each read, which instantiates the key path again (a runtime call, and a retain and a
/// release). The box is `Sendable` whatever the class's isolation (see
/// ``_KeyPathConstant``). Implementation detail of `@Model`.
///
/// - Parameter keyPath: The persisted property's key path.
@_documentation(visibility: internal)
@inline(never)
public func _keyPathConstant<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> _KeyPathConstant<Root, Value> {
    _KeyPathConstant(keyPath: keyPath)
}
