extension Schema {
    /// A semantic version of a schema, as in `Schema.Version(1, 0, 0)`.
    public struct Version: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
        /// The major version: the first number.
        public var major: Int
        /// The minor version: the second number.
        public var minor: Int
        /// The patch version: the third number.
        public var patch: Int

        /// Creates the version `major.minor.patch`.
        ///
        /// - Parameters:
        ///   - major: The first number.
        ///   - minor: The second number.
        ///   - patch: The third number.
        public init(_ major: Int, _ minor: Int, _ patch: Int) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }

        /// Parses `"1.2.3"`; nil for anything else.
        ///
        /// - Parameter text: The version, written `major.minor.patch`.
        public init?(_ text: String) {
            let parts = text.split(separator: ".").map { Int($0) }
            guard parts.count == 3, let major = parts[0], let minor = parts[1], let patch = parts[2] else {
                return nil
            }
            self.init(major, minor, patch)
        }

        public var description: String { "\(major).\(minor).\(patch)" }

        public static func < (lhs: Version, rhs: Version) -> Bool {
            (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
    }
}
