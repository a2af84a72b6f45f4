import Crypto
import Foundation

/// Record names: random for most records, derived from the domain key for entities that
/// have one, so that the same movie added on two machines gets the same record name on
/// both and the two become one record on the server.
enum RecordName {
    /// The namespace of derived names (RFC 9562 name-based UUIDs, version 5).
    /// 8B0F4C7E-3D52-4E0B-9C1A-5F6D7E8A9B01, fixed for ever: changing it changes every name.
    private static let namespace = UUID(
        uuid: (0x8B, 0x0F, 0x4C, 0x7E, 0x3D, 0x52, 0x4E, 0x0B, 0x9C, 0x1A, 0x5F, 0x6D, 0x7E, 0x8A, 0x9B, 0x01))

    /// A new random record name.
    static func random() -> UUID { UUID() }

    /// The record name of an entity's record with these domain-key values (each as JSON
    /// text, in the domain key's order): a version-5 UUID of the entity name and values.
    static func derived(entity: String, keyValues: [String]) -> UUID {
        var bytes = withUnsafeBytes(of: namespace.uuid) { Array($0) }
        bytes.append(contentsOf: Array(([entity] + keyValues).joined(separator: "\u{1F}").utf8))
        var digest = Array(Insecure.SHA1.hash(data: bytes)).prefix(16).map { $0 }
        digest[6] = (digest[6] & 0x0F) | 0x50
        digest[8] = (digest[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7], digest[8],
                digest[9], digest[10], digest[11], digest[12], digest[13], digest[14], digest[15]
            ))
    }
}
