extension Schema {
    /// A set of indexes of a model, as SwiftData's `Schema.Index`: what
    /// `#Index<Model>(…)` declares, for code that builds or inspects one.
    ///
    /// ```swift
    /// let index = Schema.Index<Place>(.binary([\.name]), .rtree([\.latitude, \.longitude]))
    /// ```
    public final class Index<T: PersistentModel>: Hashable, CustomDebugStringConvertible {
        /// The kind of one index, and the properties it covers, in order.
        ///
        /// Both kinds become SQLite B-tree indexes over the properties' columns: SQLite's
        /// R*Tree module keeps its index in a virtual table of its own, which a query of
        /// the model's table does not use, so `.rtree` gives the same results as `.binary`.
        public enum Types<P: PersistentModel>: Hashable {
            /// A B-tree index.
            case binary([PartialKeyPath<P>])
            /// An R-tree index in SwiftData; a B-tree index here.
            case rtree([PartialKeyPath<P>])

            /// The key paths the index covers.
            var keyPaths: [PartialKeyPath<P>] {
                switch self {
                case .binary(let keyPaths), .rtree(let keyPaths): keyPaths
                }
            }
        }

        /// The indexes, in the order they were given.
        public let indices: [Types<T>]

        /// Indexes of the given kinds.
        ///
        /// - Parameter indices: The indexes.
        public init(_ indices: Types<T>...) {
            self.indices = indices
        }

        /// B-tree indexes, one per array of key paths.
        ///
        /// - Parameter binaryIndices: The key paths of each index.
        public init(_ binaryIndices: [PartialKeyPath<T>]...) {
            self.indices = binaryIndices.map { .binary($0) }
        }

        public static func == (lhs: Index, rhs: Index) -> Bool {
            lhs.indices == rhs.indices
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(indices)
        }

        /// The property names of each index, as the model's `#Index` lists them
        /// (``PersistentModel/schemaIndexes``).
        public var propertyNames: [[String]] {
            let metadata = T.schemaMetadata
            return indices.map { index in
                index.keyPaths.map { keyPath in
                    metadata.first { $0.keypath == keyPath }?.name ?? "\(keyPath)"
                }
            }
        }

        public var debugDescription: String {
            "Index<\(T.self)>("
                + zip(indices, propertyNames).map { index, names in
                    let kind = if case .rtree = index { "rtree" } else { "binary" }
                    return ".\(kind)(\(names))"
                }.joined(separator: ", ") + ")"
        }
    }
}
