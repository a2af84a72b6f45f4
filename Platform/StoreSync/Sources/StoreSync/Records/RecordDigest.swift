import Crypto
import Foundation

/// Digests of live records, computed alike by this machine (here) and by the server (in
/// SQL, ``RemoteDigest``), so that two stores holding the same values have the same
/// digests whichever wrote them.
///
/// A record's digest is the MD5 of `entity|key=value|key=value…`: its fields sorted by
/// name (bytewise), each value as `jsonb` prints it (``JSONBText``). Records are grouped
/// in 256 buckets by the first byte of their names; a bucket's digest is the MD5 of
/// `name:digest,name:digest…` in the order of the names (lowercase, as PostgreSQL prints a
/// `uuid` and orders it). MD5 finds differences here, it does not defend against an
/// adversary: the server can change its records anyway.
enum RecordDigest {
    /// The digest of a record of `entity` holding `fields`, each value in `jsonb`'s text.
    static func of(entity: String, fields: [String: String]) -> String {
        let parts = fields.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map {
            "\($0)=\(fields[$0] ?? "")"
        }
        return md5(([entity] + parts).joined(separator: "|"))
    }

    /// The bucket of a record: the first byte of its name, in hexadecimal.
    static func bucket(of name: UUID) -> String {
        String(name.uuidString.lowercased().prefix(2))
    }

    /// What the server compares per bucket: how many records it holds and their digest.
    struct Bucket: Equatable, Sendable {
        let count: Int
        let digest: String
    }

    /// The buckets of records given by name and digest.
    static func buckets(_ digests: [UUID: String]) -> [String: Bucket] {
        let byBucket = Dictionary(grouping: digests.keys.map { ($0.uuidString.lowercased(), $0) }) {
            String($0.0.prefix(2))
        }
        return byBucket.mapValues { names in
            let joined = names.sorted { $0.0 < $1.0 }.map { "\($0.0):\(digests[$0.1] ?? "")" }
            return Bucket(count: names.count, digest: md5(joined.joined(separator: ",")))
        }
    }

    /// The MD5 of a text's UTF-8, in lowercase hexadecimal, as PostgreSQL's `md5()`.
    static func md5(_ text: String) -> String {
        Insecure.MD5.hash(data: Array(text.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 0x10 ? "0" + hex : hex
        }.joined()
    }
}
