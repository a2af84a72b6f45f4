#if !canImport(Darwin)
    import Foundation

    // `SortDescriptor(\.name, comparator: .localizedStandard)` and `.localized`, as SwiftData
    // apps write them. Linux's Foundation declares these two comparators only when built as
    // Apple's framework, and keeps `String.StandardComparator`'s initializer and fields
    // private: its one public value is `.lexical`. These are made from it, with the options
    // and the localized flag Apple's have; a fetch orders by them as Apple platforms do
    // (``SortTranslator``), in SQL with the store's collations.

    /// The localized comparators Apple's Foundation has and Linux's lacks, for
    /// `SortDescriptor(\.name, comparator: .localizedStandard)`.
    extension String.StandardComparator {
        /// Compares strings as the Finder does: numbers by value ("file2" before "file10"),
        /// case and width ignored (`localizedStandardCompare`).
        public static let localizedStandard = StandardComparatorFields.make(
            options: [.numeric, .caseInsensitive, .widthInsensitive, .forcedOrdering], localized: true)

        /// Compares strings with `localizedCompare`.
        public static let localized = StandardComparatorFields.make(options: [], localized: true)
    }

    /// The stored fields of `String.StandardComparator`, as its `Codable` form names them.
    struct StandardComparatorFields: Decodable, Equatable {
        let options: UInt
        let isLocalized: Bool

        init(options: UInt, isLocalized: Bool) {
            self.options = options
            self.isLocalized = isLocalized
        }

        /// The fields of `comparator`, read through its `Codable` form.
        init(of comparator: String.StandardComparator) throws {
            self = try JSONDecoder().decode(Self.self, from: JSONEncoder().encode(comparator))
        }

        /// `.lexical` with other options and flag. Foundation stores them first, in the order
        /// of its `Codable` keys (a `UInt`, then a `Bool`, then the public `order`): the size and
        /// `order`'s offset are checked against that layout before the write, and the fields
        /// read back through `Codable` after it.
        static func make(options: String.CompareOptions, localized: Bool) -> String.StandardComparator {
            var comparator = String.StandardComparator.lexical
            let flagOffset = MemoryLayout<UInt>.size
            precondition(
                MemoryLayout<String.StandardComparator>.size == flagOffset + 2
                    && MemoryLayout<String.StandardComparator>.offset(of: \.order) == flagOffset + 1,
                "OpenSwiftData: Foundation's String.StandardComparator has a layout this version does not know")
            withUnsafeMutableBytes(of: &comparator) { bytes in
                bytes.storeBytes(of: options.rawValue, toByteOffset: 0, as: UInt.self)
                bytes.storeBytes(of: localized, toByteOffset: flagOffset, as: Bool.self)
            }
            let written = try? StandardComparatorFields(of: comparator)
            precondition(
                written == StandardComparatorFields(options: options.rawValue, isLocalized: localized),
                "OpenSwiftData: Foundation's String.StandardComparator did not take the comparator's fields")
            return comparator
        }
    }
#endif
