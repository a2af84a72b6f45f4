extension Schema {
    /// A stored attribute of an entity.
    ///
    /// `@Attribute(.unique, originalName: "title")` creates a partial description that
    /// `@Model` records; the schema completes it with the property's name and type.
    // @unchecked Sendable: immutable once built; `defaultValue` is the declared default,
    // a value only ever read (to store it); checked by `ConcurrentSchemaUseTests` under the thread sanitizer.
    public struct Attribute: SchemaPropertyMetadata, Hashable, @unchecked Sendable {
        /// The property name, which is also the column name.
        public internal(set) var name: String
        /// How the attribute is stored: `.unique`, `.externalStorage`, `.transformable(by:)`, ….
        public var options: [Option]
        /// The name this attribute had in an earlier schema version.
        public var originalName: String?
        /// A string recorded in the entity's shape: changing it makes the stored shape differ, so
        /// that a version whose models look the same is told apart.
        public var hashModifier: String?
        /// The declared Swift type.
        public internal(set) var valueType: Any.Type
        /// Whether the declared type is optional.
        public internal(set) var isOptional: Bool
        /// The default value written in the model declaration, if any.
        public internal(set) var defaultValue: Any?

        /// Whether the attribute has the `.unique` option: no two rows hold the same value.
        public var isUnique: Bool { options.contains(.unique) }

        /// Whether the attribute is stored through a `ValueTransformer`
        /// (`.transformable(by:)`).
        public var isTransformable: Bool { transformer != nil }

        /// The transformer of `.transformable(by:)`, if any.
        var transformer: TransformerReference? { options.lazy.compactMap(\.transformer).first }

        /// Creates the partial description `@Attribute` records; the schema fills in the
        /// property's name and type.
        ///
        /// - Parameters:
        ///   - options: How the attribute is stored.
        ///   - originalName: The attribute's name in an earlier schema version, if it was
        ///     renamed.
        ///   - hashModifier: A string recorded in the entity's shape, to tell apart versions
        ///     whose models look the same.
        public init(_ options: Option..., originalName: String? = nil, hashModifier: String? = nil) {
            self.name = ""
            self.options = options
            self.originalName = originalName
            self.hashModifier = hashModifier
            self.valueType = Any.self
            self.isOptional = false
            self.defaultValue = nil
        }

        public static func == (lhs: Attribute, rhs: Attribute) -> Bool {
            lhs.name == rhs.name && lhs.options == rhs.options && lhs.originalName == rhs.originalName
                && lhs.hashModifier == rhs.hashModifier && lhs.valueType == rhs.valueType
                && lhs.isOptional == rhs.isOptional
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(ObjectIdentifier(valueType))
        }

        /// How an attribute is stored.
        public struct Option: Hashable, Sendable {
            let rawValue: String
            /// The transformer of `.transformable(by:)`.
            let transformer: TransformerReference?

            init(rawValue: String, transformer: TransformerReference? = nil) {
                self.rawValue = rawValue
                self.transformer = transformer
            }

            /// Only one model may hold a given value; inserting a model with a stored
            /// value updates that row instead.
            public static let unique = Option(rawValue: "unique")
            /// A `Data` value (or a transformable attribute's data) larger than 128 KiB is
            /// saved to a file beside the store
            /// (`<store file>_SUPPORT/_EXTERNAL_DATA/`), and its row holds the file's name.
            /// An in-memory store keeps every value in the row.
            public static let externalStorage = Option(rawValue: "externalStorage")
            /// Stores the value as the `Data` an instance of `transformerType` makes, as
            /// SwiftData does; the property's type need not be `Codable`. On Linux,
            /// ``ValueTransformer`` is OpenSwiftData's (Foundation has none there).
            ///
            /// - Parameter transformerType: The transformer's class.
            public static func transformable(by transformerType: ValueTransformer.Type) -> Option {
                Option(rawValue: "transformable", transformer: .type(transformerType))
            }
            /// Stores the value through the transformer registered under `transformerName`
            /// with `ValueTransformer.setValueTransformer(_:forName:)`.
            ///
            /// - Parameter transformerName: The name the transformer is registered under.
            public static func transformable(by transformerName: String) -> Option {
                Option(rawValue: "transformable", transformer: .name(transformerName))
            }
            /// Accepted for source compatibility.
            public static let preserveValueOnDeletion = Option(rawValue: "preserveValueOnDeletion")
            /// Accepted for source compatibility; there is no Spotlight on Linux.
            public static let spotlight = Option(rawValue: "spotlight")
            /// Accepted for source compatibility; there is no CloudKit on Linux.
            public static let allowsCloudEncryption = Option(rawValue: "allowsCloudEncryption")
            /// Kept in memory only: `@Model` leaves the property out of the store, as
            /// `@Transient`, so it needs a default value.
            public static let ephemeral = Option(rawValue: "ephemeral")
        }
    }
}
