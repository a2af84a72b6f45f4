#if !canImport(ObjectiveC)
    import Foundation

    /// Foundation's `ValueTransformer`, which Linux's Foundation does not have: turns a value
    /// into another, and back. `@Attribute(.transformable(by:))` stores a property through
    /// one, as SwiftData does.
    ///
    /// Declared only where Foundation has no `ValueTransformer` (Linux, and other platforms
    /// without the Objective-C runtime). On Apple platforms Foundation's own class is the one
    /// in scope, and OpenSwiftData uses it; so a file that imports both Foundation and
    /// `SwiftData` (or `OpenSwiftData`) finds exactly one `ValueTransformer` on every
    /// platform.
    ///
    /// A subclass overrides what it overrides on Apple platforms:
    ///
    /// ```swift
    /// final class ColorTransformer: ValueTransformer {
    ///     override class func transformedValueClass() -> AnyClass { NSData.self }
    ///     override class func allowsReverseTransformation() -> Bool { true }
    ///     override func transformedValue(_ value: Any?) -> Any? {       // Color -> Data
    ///         (value as? Color).map { Data($0.hex.utf8) }
    ///     }
    ///     override func reverseTransformedValue(_ value: Any?) -> Any? { // Data -> Color
    ///         (value as? Data).map { Color(hex: String(decoding: $0, as: UTF8.self)) }
    ///     }
    /// }
    /// ```
    ///
    /// One difference: ``init()`` is `required`, so that `.transformable(by: ColorTransformer.self)`
    /// can make an instance from the type (Apple's frameworks use the Objective-C runtime
    /// for that). A subclass that declares its own `init()` writes it `required override init()`,
    /// which compiles on Apple platforms too.
    open class ValueTransformer: NSObject {
        /// Creates a transformer.
        public required override init() {
            super.init()
        }

        /// The class of the values ``transformedValue(_:)`` returns. `NSObject` unless
        /// overridden.
        open class func transformedValueClass() -> AnyClass {
            NSObject.self
        }

        /// Whether ``reverseTransformedValue(_:)`` undoes ``transformedValue(_:)``. `true`
        /// unless overridden, as in Foundation.
        open class func allowsReverseTransformation() -> Bool {
            true
        }

        /// The transformed form of `value`. Returns `value` unless overridden.
        ///
        /// - Parameter value: The value to transform.
        open func transformedValue(_ value: Any?) -> Any? {
            value
        }

        /// The value whose transformed form is `value`. Unless overridden, this is
        /// ``transformedValue(_:)`` when the class allows reverse transformation, and nil
        /// otherwise (Foundation raises an Objective-C exception there, which Swift cannot).
        ///
        /// - Parameter value: A transformed value.
        open func reverseTransformedValue(_ value: Any?) -> Any? {
            type(of: self).allowsReverseTransformation() ? transformedValue(value) : nil
        }

        /// Registers `transformer` under `name`, replacing what was registered there; nil
        /// removes the registration. `@Attribute(.transformable(by: "Name"))` uses the
        /// transformer registered under its name: register it before the first container
        /// that uses it is created.
        ///
        /// A registered transformer is one object for the whole process, as on Apple
        /// platforms. OpenSwiftData never calls it from two threads at once; code that
        /// takes it with ``init(forName:)`` shares it.
        ///
        /// - Parameters:
        ///   - transformer: The transformer; nil to remove the registration.
        ///   - name: The name to register it under.
        public class func setValueTransformer(_ transformer: ValueTransformer?, forName name: NSValueTransformerName) {
            ValueTransformerRegistry.register(transformer, forName: name)
        }

        /// The names under which transformers are registered, the built-in
        /// ``NSValueTransformerName/secureUnarchiveFromDataTransformerName`` included.
        public class func valueTransformerNames() -> [NSValueTransformerName] {
            ValueTransformerRegistry.names()
        }
    }

    /// Gives ``ValueTransformer`` Foundation's `init?(forName:)`, which returns the
    /// registered transformer itself: an initializer of a protocol extension may assign
    /// `self`, one of a class may not. Implementation detail; never conform to it.
    @_documentation(visibility: internal)
    public protocol _ValueTransformerLookup {}

    extension ValueTransformer: _ValueTransformerLookup {}

    extension _ValueTransformerLookup where Self: ValueTransformer {
        /// The transformer registered under `name`, or nil when there is none (or it is not
        /// a `Self`).
        ///
        /// - Parameter name: The name the transformer is registered under.
        public init?(forName name: NSValueTransformerName) {
            guard let registered = ValueTransformerRegistry.registration(forName: name)?.transformer as? Self else {
                return nil
            }
            self = registered
        }
    }
#endif
