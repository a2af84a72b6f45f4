import Foundation

/// Which keys a `Codable` type's JSON holds, found by decoding the type from a decoder
/// that records each key the type's `init(from:)` asks for. A field is read from a
/// stored value's JSON by its property's name (``JSONFieldPath``) only when the type's
/// decoding reads that name: a type whose `CodingKeys` rename the property is filtered
/// in memory instead.
///
/// The probe gives every value it is asked for a zero, an empty string or `false`: a
/// type whose `init(from:)` refuses those stops the probe, and keys after that point
/// count as unread.
enum JSONKeyProbe {
    /// The key paths read, by type, each probed once.
    private static let readPaths = Locked<[ObjectIdentifier: Set<[String]>]>([:])

    /// Whether decoding `type` reads the nested keys `path` (`["release", "year"]`).
    static func reads(_ path: [String], in type: Any.Type) -> Bool {
        let wrapped = (type as? any _OptionalMarker.Type)?._wrappedType ?? type
        guard let decodable = wrapped as? any Decodable.Type else { return false }
        let key = ObjectIdentifier(wrapped)
        if let known = readPaths.withLock({ $0[key] }) { return known.contains(path) }
        let log = ProbeLog()
        _ = try? decodable.init(from: ProbeDecoder(log: log, codingPath: []))
        let paths = log.paths
        readPaths.withLock { $0[key] = paths }
        return paths.contains(path)
    }
}

/// The keys a probe was asked for; used on one thread, by one probe.
private final class ProbeLog {
    var paths: Set<[String]> = []
}

private struct ProbeDecoder: Decoder {
    let log: ProbeLog
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ProbeKeyedContainer<Key>(log: log, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        ProbeUnkeyedContainer(codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ProbeSingleValueContainer(log: log, codingPath: codingPath)
    }
}

private struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let log: ProbeLog
    let codingPath: [any CodingKey]
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let path = codingPath + [key]
        log.paths.insert(path.map(\.stringValue))
        return try ProbeValue.make(type, log: log, codingPath: path)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        log.paths.insert((codingPath + [key]).map(\.stringValue))
        return KeyedDecodingContainer(ProbeKeyedContainer<NestedKey>(log: log, codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        log.paths.insert((codingPath + [key]).map(\.stringValue))
        return ProbeUnkeyedContainer(codingPath: codingPath + [key])
    }

    func superDecoder() throws -> any Decoder { ProbeDecoder(log: log, codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ProbeDecoder(log: log, codingPath: codingPath + [key])
    }
}

/// An empty array.
private struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
    let codingPath: [any CodingKey]
    var count: Int? { 0 }
    var isAtEnd: Bool { true }
    var currentIndex: Int { 0 }

    mutating func decodeNil() throws -> Bool { true }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "probe"))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "probe"))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.valueNotFound(
            [Any].self, .init(codingPath: codingPath, debugDescription: "probe"))
    }

    mutating func superDecoder() throws -> any Decoder {
        throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "probe"))
    }
}

private struct ProbeSingleValueContainer: SingleValueDecodingContainer {
    let log: ProbeLog
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try ProbeValue.make(type, log: log, codingPath: codingPath)
    }
}

/// The probe's value of a type: a zero, an empty string, `false`, or the type decoded
/// from the probe.
private enum ProbeValue {
    static func make<T: Decodable>(_ type: T.Type, log: ProbeLog, codingPath: [any CodingKey]) throws -> T {
        let zeros: [Any] = [
            "", false, 0, 0.0, Float(0), Int64(0), Int32(0), Int16(0), Int8(0), UInt(0), UInt64(0), UInt32(0),
            UInt16(0), UInt8(0),
        ]
        for zero in zeros {
            if let value = zero as? T { return value }
        }
        return try T(from: ProbeDecoder(log: log, codingPath: codingPath))
    }
}
