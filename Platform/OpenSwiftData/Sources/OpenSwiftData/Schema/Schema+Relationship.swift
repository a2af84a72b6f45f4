extension Schema {
    /// A relationship from one entity to another.
    // @unchecked Sendable: immutable once built; its key path is an immutable object that
    // Swift does not yet mark `Sendable`; checked by `ConcurrentSchemaUseTests` under the thread sanitizer.
    public struct Relationship: SchemaPropertyMetadata, Hashable, @unchecked Sendable {
        /// What deleting the owner does to the related models.
        public enum DeleteRule: String, Hashable, Codable, Sendable {
            /// Related models are deleted too.
            case cascade
            /// Deleting the owner fails at save while related models remain.
            case deny
            /// Nothing is done: references to the deleted model are left as they are.
            case noAction
            /// References to the deleted model are cleared (the default).
            case nullify
        }

        /// Relationship options, accepted for source compatibility.
        public struct Option: Hashable, Sendable {
            let rawValue: String
            /// SwiftData's `.unique` relationship option; it has no effect on how links are stored.
            public static let unique = Option(rawValue: "unique")
        }

        /// The property name.
        public internal(set) var name: String
        /// The options written in `@Relationship`.
        public var options: [Option]
        /// What deleting the owner does to the related models.
        public var deleteRule: DeleteRule
        /// The fewest related models a save accepts; 0 or nil: no bound.
        public var minimumModelCount: Int?
        /// The most related models a save accepts; 0 or nil: no bound.
        public var maximumModelCount: Int?
        /// The name this relationship had in an earlier schema version.
        public var originalName: String?
        /// The inverse relationship, as written in `@Relationship(inverse:)`.
        public var inverseKeyPath: AnyKeyPath?
        /// Whether `@Relationship(inverse: nil)` says there is no inverse: the
        /// relationship is one-way, and no inverse is inferred for it.
        public internal(set) var isOneWay: Bool
        /// A string recorded in the entity's shape: changing it makes the stored shape differ.
        public var hashModifier: String?
        /// The related entity's name.
        public internal(set) var destination: String
        /// The name of the inverse relationship, when there is one.
        public internal(set) var inverseName: String?
        /// Whether the relationship refers to one model rather than to many.
        public internal(set) var isToOneRelationship: Bool
        /// Whether the declared type is optional.
        public internal(set) var isOptional: Bool

        /// Creates the partial description `@Relationship` records; the schema fills in the
        /// property's name, destination and inverse.
        ///
        /// - Parameters:
        ///   - options: The relationship's options.
        ///   - deleteRule: What deleting the owner does to the related models.
        ///   - minimumModelCount: The fewest related models a save accepts; 0 or nil for no
        ///     bound.
        ///   - maximumModelCount: The most related models a save accepts; 0 or nil for no
        ///     bound.
        ///   - originalName: The relationship's name in an earlier schema version, if it was
        ///     renamed.
        ///   - inverse: The inverse relationship; `nil` for a one-way relationship; left out,
        ///     the inverse is inferred.
        ///   - hashModifier: A string recorded in the entity's shape, to tell apart versions
        ///     whose models look the same.
        public init(
            _ options: Option...,
            deleteRule: DeleteRule = .nullify,
            minimumModelCount: Int? = 0,
            maximumModelCount: Int? = 0,
            originalName: String? = nil,
            // Doubly optional so that an explicit `inverse: nil` (one-way) differs from
            // no `inverse:` at all (inferred).
            inverse: AnyKeyPath?? = .some(nil),
            hashModifier: String? = nil
        ) {
            self.name = ""
            self.options = options
            self.deleteRule = deleteRule
            self.minimumModelCount = minimumModelCount
            self.maximumModelCount = maximumModelCount
            self.originalName = originalName
            self.inverseKeyPath = inverse ?? nil
            self.isOneWay = inverse == nil
            self.hashModifier = hashModifier
            self.destination = ""
            self.inverseName = nil
            self.isToOneRelationship = true
            self.isOptional = true
        }

        public static func == (lhs: Relationship, rhs: Relationship) -> Bool {
            lhs.name == rhs.name && lhs.destination == rhs.destination && lhs.deleteRule == rhs.deleteRule
                && lhs.inverseName == rhs.inverseName && lhs.isToOneRelationship == rhs.isToOneRelationship
                && lhs.isOptional == rhs.isOptional && lhs.originalName == rhs.originalName
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(destination)
        }
    }
}
