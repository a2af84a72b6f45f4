import Foundation

/// Which string order a sort descriptor asks for.
enum StringSortOrder {
    /// `localizedStandardCompare`: a descriptor with no comparator (Apple platforms'
    /// default) or `.localizedStandard`.
    case localizedStandard
    /// `localizedCompare`: `.localized`.
    case localized
    /// `compare(_:)`: `.lexical`.
    case lexical

    /// The order of `sort`, or nil for a comparator that is none of the three.
    init?<T>(_ sort: SortDescriptor<T>) {
        guard let comparator = sort.stringComparator else {
            self = .localizedStandard
            return
        }
        let forward = String.StandardComparator(comparator, order: .forward)
        if forward == .localizedStandard {
            self = .localizedStandard
        } else if forward == .localized {
            self = .localized
        } else if forward == .lexical {
            self = .lexical
        } else {
            return nil
        }
    }

    /// The store's collation of this order (``StoreFunctions``).
    var collation: String {
        switch self {
        case .localizedStandard: StoreFunctions.localizedStandardCollationName
        case .localized: StoreFunctions.localizedCollationName
        case .lexical: StoreFunctions.lexicalCollationName
        }
    }

    func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        switch self {
        case .localizedStandard: lhs.localizedStandardCompare(rhs)
        case .localized: lhs.localizedCompare(rhs)
        case .lexical: lhs.compare(rhs)
        }
    }
}

/// The SQL of the value a sort's key path reads: an attribute of the fetched entity, of
/// an entity reached through to-one relationships (`\Movie.director?.name`), or a field
/// of a `Codable` attribute stored as JSON (`\Movie.release.year`).
///
/// A key path made of several components is matched by its description, which names
/// each component: a computed property (every model property) by its accessor's
/// address, a stored property of a struct by its name.
enum SortColumns {
    /// The column SQL, and whether SQL orders its values as Swift does (strings aside,
    /// which the caller collates); nil when the key path is none of these.
    static func column(for keyPath: AnyKeyPath, entity: EntityDescriptor) -> (sql: String, ordersAsSwift: Bool)? {
        if let index = entity.propertyIndexByKeyPath[keyPath], let attribute = entity.properties[index].attribute {
            return (entity.qualifiedColumn(of: index), attribute.codec.sqlOrderMatchesSwift)
        }
        guard let components = components(of: keyPath) else { return nil }
        return resolve(components, entity: entity, row: .root(entity), valueType: type(of: keyPath).valueType)
    }

    /// The part of a key path's description after its root type, without optional
    /// chaining's `?`s: `.<computed 0x… (Optional<Director>)>.<computed 0x… (String)>`.
    private static func components(of keyPath: AnyKeyPath) -> Substring? {
        let description = String(describing: keyPath).replacingOccurrences(of: "?", with: "")
        let root = "\\" + String(describing: type(of: keyPath).rootType)
        guard description.hasPrefix(root) else { return nil }
        return Substring(description).dropFirst(root.count)
    }

    private static func resolve(_ rest: Substring, entity: EntityDescriptor, row: RowReference, valueType: Any.Type)
        -> (sql: String, ordersAsSwift: Bool)?
    {
        for (index, property) in entity.properties.enumerated() {
            guard let own = components(of: property.keyPath), rest.hasPrefix(own) else { continue }
            let after = rest.dropFirst(own.count)
            guard after.isEmpty || after.first == "." else { continue }
            if let attribute = property.attribute {
                let column = row.columnSQL(of: index)
                if after.isEmpty { return (column, attribute.codec.sqlOrderMatchesSwift) }
                guard attribute.codec.isJSON, let path = JSONFieldPath(after), JSONFieldPath.isScalar(valueType),
                    JSONKeyProbe.reads(path.names, in: attribute.codec.valueType)
                else { return nil }
                return ("json_extract(\(column), '\(path.text)')", true)
            }
            guard let relationship = property.relationship, !relationship.isToMany, !after.isEmpty else { return nil }
            let target = EntityDescriptor.known(relationship.target)
            let linked = RowReference(entity: target, keySQL: row.columnSQL(of: index), isRoot: false)
            return resolve(after, entity: target, row: linked, valueType: valueType)
        }
        return nil
    }
}

/// A path to a field in a `Codable` attribute's JSON (`$.release.year`), from key path
/// components that are stored properties (`.release.year`).
struct JSONFieldPath {
    /// The keys, outermost first.
    let names: [String]
    /// The path as `json_extract` takes it.
    var text: String { "$." + names.joined(separator: ".") }

    init?(_ components: Substring) {
        let names = components.split(separator: ".", omittingEmptySubsequences: false).dropFirst()
        guard !names.isEmpty,
            names.allSatisfy({ name in
                !name.isEmpty
                    && name.unicodeScalars.allSatisfy {
                        $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
                    }
            })
        else { return nil }
        self.names = names.map(String.init)
    }

    /// Whether a field of `type` is stored in JSON as SQL compares it with the column's
    /// constants: a number, a string or a boolean, or an optional of one.
    static func isScalar(_ type: Any.Type) -> Bool {
        let wrapped = (type as? any _OptionalMarker.Type)?._wrappedType ?? type
        let scalars: [Any.Type] = [
            Int.self, Int64.self, Int32.self, Int16.self, Int8.self, Double.self, String.self, Bool.self,
        ]
        return scalars.contains { $0 == wrapped }
    }
}
