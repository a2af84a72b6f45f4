extension PersistentIdentifier.Key {
    // The form Swift synthesizes for the enum, `{"permanent": {"_0": 7}}`, with a custom
    // store's key written as itself, not as its index in this process's table.
    private enum CodingKeys: String, CodingKey {
        case temporary, permanent, dataStore
    }

    private enum PayloadCodingKeys: String, CodingKey {
        case _0
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let kind = container.allKeys.first else {
            throw DecodingError.typeMismatch(
                PersistentIdentifier.Key.self,
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "Invalid number of keys found, expected one."))
        }
        let payload = try container.nestedContainer(keyedBy: PayloadCodingKeys.self, forKey: kind)
        switch kind {
        case .temporary: self = .temporary(try payload.decode(UInt64.self, forKey: ._0))
        case .permanent: self = .permanent(try payload.decode(Int64.self, forKey: ._0))
        case .dataStore:
            self = .dataStore(DataStoreKey.Interned.index(of: try payload.decode(DataStoreKey.self, forKey: ._0)))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .temporary(let value):
            var payload = container.nestedContainer(keyedBy: PayloadCodingKeys.self, forKey: .temporary)
            try payload.encode(value, forKey: ._0)
        case .permanent(let value):
            var payload = container.nestedContainer(keyedBy: PayloadCodingKeys.self, forKey: .permanent)
            try payload.encode(value, forKey: ._0)
        case .dataStore(let index):
            var payload = container.nestedContainer(keyedBy: PayloadCodingKeys.self, forKey: .dataStore)
            try payload.encode(DataStoreKey.Interned.key(at: index), forKey: ._0)
        }
    }
}
