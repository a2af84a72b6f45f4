import Foundation

/// Lets generic code see through `Optional` without knowing its wrapped type.
protocol _OptionalMarker {
    static var _wrappedType: Any.Type { get }
    static var _none: Any { get }
    static func _wrap(_ value: Any) -> Any?
    var _wrappedAny: Any? { get }
    /// The conversion of a transformable attribute of the wrapped type.
    static func _transformableConversion(by transformer: TransformerReference) -> ValueConversion
}

extension Optional: _OptionalMarker {
    static var _wrappedType: Any.Type { Wrapped.self }
    static var _none: Any { Optional<Wrapped>.none as Any }
    static func _wrap(_ value: Any) -> Any? {
        guard let wrapped = value as? Wrapped else { return nil }
        return Optional(wrapped) as Any
    }
    var _wrappedAny: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }
    static func _transformableConversion(by transformer: TransformerReference) -> ValueConversion {
        .transformable(Wrapped.self, by: transformer)
    }
}

/// Lets generic code find the element type of an array, and build one of models.
protocol _ArrayMarker {
    static var _elementType: Any.Type { get }
    /// `\[Element].count` and `\[Element].isEmpty`, which a predicate applies to a
    /// to-many relationship.
    static var _countKeyPath: AnyKeyPath { get }
    static var _isEmptyKeyPath: AnyKeyPath { get }
    var _elementsAny: [Any] { get }
    /// The models as an array of `Element`, which must be their class (the target type of
    /// the relationship they come from), returned as a `Result`: `[Element]`, or
    /// `[Element]?` for a relationship declared optional. Nil when `Element` is not a
    /// class or `Result` is another type.
    static func _make<Result>(fromModels models: [any PersistentModel], as _: Result.Type) -> Result?
}

extension Array: _ArrayMarker {
    static var _elementType: Any.Type { Element.self }
    static var _countKeyPath: AnyKeyPath { \[Element].count }
    static var _isEmptyKeyPath: AnyKeyPath { \[Element].isEmpty }
    var _elementsAny: [Any] { map { $0 as Any } }
    static func _make<Result>(fromModels models: [any PersistentModel], as _: Result.Type) -> Result? {
        guard Element.self is AnyObject.Type else { return nil }
        // An empty relationship is the empty array: `unsafeUninitializedCapacity: 0` would
        // write its count into the storage every empty array shares, which threads making
        // empty relationships at once race on (the thread sanitizer reports it).
        guard !models.isEmpty else { return [Element]() as? Result }
        let array = [Element](unsafeUninitializedCapacity: models.count) { buffer, initialized in
            // The class last found to be an `Element`: a relationship's models are mostly of
            // one class, so the dynamic cast runs once per run of a class, not per model.
            var checkedClass: ObjectIdentifier?
            for (position, model) in models.enumerated() {
                // A reinterpretation of the reference, checked in every build: a model of
                // another class in the array would be memory used as the wrong type.
                // Invariant: a relationship holds models of its target class only (setters
                // take the declared type, and inverses are validated when the schema is
                // built: `InverseValidationTests`); the check stops the program rather
                // than let a broken invariant corrupt memory.
                let modelClass = ObjectIdentifier(type(of: model))
                if modelClass != checkedClass {
                    precondition(
                        model is Element,
                        "OpenSwiftData: a relationship of \(Element.self) models holds a \(type(of: model)); its inverse pair is misdeclared"
                    )
                    checkedClass = modelClass
                }
                buffer.initializeElement(at: position, to: unsafeBitCast(model as AnyObject, to: Element.self))
            }
            initialized = models.count
        }
        // Cast as the array it is (an optional wraps it): no trip through `Any`.
        return array as? Result
    }
}
