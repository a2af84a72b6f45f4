#if !canImport(ObjectiveC)
    /// The name a ``ValueTransformer`` is registered under, as Foundation declares it; Linux's
    /// Foundation has none. On Apple platforms Foundation's own type is used.
    public struct NSValueTransformerName: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        /// Creates the name `rawValue`.
        ///
        /// - Parameter rawValue: The name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Creates the name `rawValue`.
        ///
        /// - Parameter rawValue: The name.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The name of the ``NSSecureUnarchiveFromDataTransformer`` registered by default:
        /// it unarchives `Data` into the classes of its `allowedTopLevelClasses`, and
        /// archives them back.
        public static let secureUnarchiveFromDataTransformerName = NSValueTransformerName("NSSecureUnarchiveFromData")
    }
#endif
