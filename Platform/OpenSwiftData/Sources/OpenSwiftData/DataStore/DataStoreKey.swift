import Foundation
import Synchronization

/// A custom store's primary key in the form ``PersistentIdentifier`` keeps it: the value
/// as JSON would write it (a `UUID` is its string), so that a key read back from any
/// coder equals the key it was made from, whatever its Swift type.
struct DataStoreKey: Hashable, Codable, Sendable, CustomStringConvertible {
    let value: Value

    /// A JSON value.
    indirect enum Value: Hashable, Codable, Sendable {
        case null
        case bool(Bool)
        case integer(Int64)
        case number(Double)
        case string(String)
        case array([Value])
        case object([String: Value])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Int64.self) {
                self = .integer(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([Value].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: Value].self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let value): try container.encode(value)
            case .integer(let value): try container.encode(value)
            case .number(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .array(let value): try container.encode(value)
            case .object(let value): try container.encode(value)
            }
        }
    }

    /// The key of a value of any codable type.
    init(_ key: some Encodable) throws {
        let data = try JSONEncoder().encode(key)
        value = try JSONDecoder().decode(Value.self, from: data)
    }

    init(from decoder: any Decoder) throws {
        value = try Value(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }

    /// The key as JSON text.
    var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(value) else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Every custom store key met in the process, each at a stable index: an identifier
    /// holds the index (``PersistentIdentifier/Key/dataStore(_:)``). Equal keys share one
    /// index, so identifiers compare and hash by it. The table keeps each key for the life
    /// of the process.
    enum Interned {
        private struct Table {
            var keys: [DataStoreKey] = []
            var indices: [DataStoreKey: Int64] = [:]
        }

        private static let table = Locked(Table())

        /// The index of `key`, given on first use.
        static func index(of key: DataStoreKey) -> Int64 {
            table.withLock { table in
                if let index = table.indices[key] { return index }
                let index = Int64(table.keys.count)
                table.keys.append(key)
                table.indices[key] = index
                return index
            }
        }

        /// The key at an index ``index(of:)`` gave.
        static func key(at index: Int64) -> DataStoreKey {
            table.withLock { $0.keys[Int(index)] }
        }
    }
}

extension PersistentIdentifier {
    /// The identifier of a model of a custom store (``DataStore``), as SwiftData's: the
    /// store's identifier, the model's entity name and its primary key in that store.
    /// Two identifiers made of equal keys are equal, and an identifier read back from an
    /// encoder equals the one written.
    ///
    /// - Parameters:
    ///   - storeIdentifier: The store's ``DataStore/identifier``.
    ///   - entityName: The name of the model's entity.
    ///   - primaryKey: The model's key in the store.
    /// - Throws: `EncodingError` when `primaryKey` cannot be encoded as JSON (a `Double` that
    ///   is not finite, for example).
    public static func identifier<PrimaryKey: Codable & Hashable & Sendable>(
        for storeIdentifier: String, entityName: String, primaryKey: PrimaryKey
    ) throws -> PersistentIdentifier {
        PersistentIdentifier(
            entityName: entityName, storeIdentifier: storeIdentifier,
            key: .dataStore(DataStoreKey.Interned.index(of: try DataStoreKey(primaryKey))))
    }

    /// Whether the identifier is of a model of a custom store.
    var isDataStoreIdentifier: Bool {
        if case .dataStore = key { return true }
        return false
    }
}

extension PersistentIdentifier {
    /// The primary key of a custom store's model when it is an integer: for this package's
    /// stores whose keys are integers (OpenSwiftDataPostgres); nil for any other key.
    package var dataStoreIntegerKey: Int64? {
        guard case .dataStore(let index) = key, case .integer(let value) = DataStoreKey.Interned.key(at: index).value
        else { return nil }
        return value
    }
}
