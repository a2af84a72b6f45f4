import Foundation

/// One property's value in a ``DefaultSnapshot``.
package enum SnapshotValue: Equatable, Sendable, Codable {
    /// An attribute, in the form its column would store it.
    case attribute(StoredValue)
    /// A to-one relationship's target, if any.
    case toOne(PersistentIdentifier?)
    /// A to-many relationship's targets, in order.
    case toMany([PersistentIdentifier])

    /// The value with its identifiers replaced by those `remapped` maps them to.
    func remapped(_ remapped: [PersistentIdentifier: PersistentIdentifier]) -> SnapshotValue {
        switch self {
        case .attribute: self
        case .toOne(let target): .toOne(target.map { remapped[$0] ?? $0 })
        case .toMany(let targets): .toMany(targets.map { remapped[$0] ?? $0 })
        }
    }

    // One key per value, naming its kind: `{"text": "Paris"}`, `{"toMany": [...]}`.
    private enum CodingKeys: String, CodingKey {
        case null, integer, real, text, blob, toOne, toMany
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "a snapshot value has no kind"))
        }
        switch key {
        case .null: self = .attribute(.null)
        case .integer: self = .attribute(.integer(try container.decode(Int64.self, forKey: key)))
        case .real: self = .attribute(.real(try container.decode(Double.self, forKey: key)))
        case .text: self = .attribute(.text(try container.decode(String.self, forKey: key)))
        case .blob: self = .attribute(.blob(try container.decode(Data.self, forKey: key)))
        case .toOne: self = .toOne(try container.decodeIfPresent(PersistentIdentifier.self, forKey: key))
        case .toMany: self = .toMany(try container.decode([PersistentIdentifier].self, forKey: key))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .attribute(.integer(let value)): try container.encode(value, forKey: .integer)
        case .attribute(.real(let value)): try container.encode(value, forKey: .real)
        case .attribute(.text(let value)): try container.encode(value, forKey: .text)
        case .attribute(.blob(let value)): try container.encode(value, forKey: .blob)
        // A snapshot is made of read values only (``ModelContextCore/snapshot(of:)``).
        case .attribute(.null), .attribute(.notRead): try container.encodeNil(forKey: .null)
        case .toOne(let target): try container.encode(target, forKey: .toOne)
        case .toMany(let targets): try container.encode(targets, forKey: .toMany)
        }
    }
}
