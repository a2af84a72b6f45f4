import Foundation
import Logging
import OpenSwiftData
import PostgresNIO

/// What one save told the other processes of a store (PostgreSQL's `NOTIFY`, sent once the
/// save has committed, never for one rolled back): the models it inserted, updated and
/// deleted, by entity and `_pk`, and which store instance saved, so that the saving one does
/// not announce its own save twice.
///
/// A notification's payload holds at most ``maximumPayload`` bytes (PostgreSQL refuses 8,000
/// or more), so a large save is told in several notices, each a JSON object:
/// `{"origin":"…","inserted":{"Trip":[1,2]},"updated":{},"deleted":{},"erasedAll":false}`.
struct PostgresChangeNotice: Codable, Equatable {
    /// The store instance that saved (``PostgresStore``'s `origin`).
    var origin: UUID
    var inserted: [String: [Int64]] = [:]
    var updated: [String: [Int64]] = [:]
    var deleted: [String: [Int64]] = [:]
    /// Whether the save emptied every table of the store (``PostgresStore/erase()``).
    var erasedAll = false

    /// The most bytes one notice's payload holds; PostgreSQL's limit is 8,000.
    static let maximumPayload = 7_000

    /// The query that gives the channel of the store in `namespace`: a channel name is at
    /// most 63 bytes and a namespace may be as long, so the name is hashed.
    static func channelQuery(namespace: String) -> PostgresQuery {
        "SELECT \(unescaped: channelPrefix) || md5(\(namespace))"
    }

    /// The statement that sends the notice on the channel of the store in `namespace`, in a
    /// transaction of its own whose commit does not wait for the disk: PostgreSQL holds one
    /// lock over every notifying transaction's commit, so a notice sent in the save's own
    /// transaction would make the saves of every process wait for each other's disk writes.
    func notifyQuery(namespace: String) -> PostgresQuery {
        "SELECT set_config('synchronous_commit', 'off', true), pg_notify(\(unescaped: Self.channelPrefix) || md5(\(namespace)), \(payload))"
    }

    private static let channelPrefix = "'openswiftdata_'"

    /// The notices of a save, each of at most ``maximumPayload`` bytes; none when it changed
    /// nothing.
    static func notices(
        origin: UUID, inserted: [PersistentIdentifier], updated: [PersistentIdentifier],
        deleted: [PersistentIdentifier]
    ) -> [PostgresChangeNotice] {
        var notices: [PostgresChangeNotice] = []
        var current = PostgresChangeNotice(origin: origin)
        // An estimate of the payload's length that never falls short: braces, quotes and a
        // number of at most 20 digits and a comma per key.
        var length = 120
        let changes: [(WritableKeyPath<PostgresChangeNotice, [String: [Int64]]>, [PersistentIdentifier])] = [
            (\.inserted, inserted), (\.updated, updated), (\.deleted, deleted),
        ]
        for (list, identifiers) in changes {
            for identifier in identifiers {
                guard let key = identifier.dataStoreIntegerKey else { continue }
                let name = identifier.entityName
                let cost = { (notice: PostgresChangeNotice) in
                    21 + (notice[keyPath: list][name] == nil ? name.utf8.count + 6 : 0)
                }
                if length + cost(current) > maximumPayload, !current.isEmpty {
                    notices.append(current)
                    current = PostgresChangeNotice(origin: origin)
                    length = 120
                }
                length += cost(current)
                current[keyPath: list][name, default: []].append(key)
            }
        }
        if !current.isEmpty { notices.append(current) }
        return notices
    }

    /// The notice of ``PostgresStore/erase()``.
    static func erasure(origin: UUID) -> PostgresChangeNotice {
        var notice = PostgresChangeNotice(origin: origin)
        notice.erasedAll = true
        return notice
    }

    /// Whether the notice tells of no change.
    var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty && !erasedAll }

    /// The notice's payload.
    var payload: String {
        let encoder = JSONEncoder()
        // In one order, for a person who reads them (`psql`'s `LISTEN`).
        encoder.outputFormatting = .sortedKeys
        // Encoding dictionaries of strings and integers cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The notice a payload holds; nil for one this store does not write.
    init?(payload: String) {
        guard let notice = try? JSONDecoder().decode(Self.self, from: Data(payload.utf8)) else { return nil }
        self = notice
    }

    init(origin: UUID) {
        self.origin = origin
    }

    /// The change as a container's observers see it, with the identifiers of the store
    /// `storeIdentifier`; entities the store does not hold are left out.
    func change(store storeIdentifier: String, entities: Set<String>) -> ModelContainer.Change {
        func identifiers(_ keys: [String: [Int64]]) -> [PersistentIdentifier] {
            keys.sorted { $0.key < $1.key }.flatMap { entityName, keys in
                guard entities.contains(entityName) else { return [PersistentIdentifier]() }
                return keys.compactMap { try? PostgresRows.identifier(entityName, $0, store: storeIdentifier) }
            }
        }
        return ModelContainer.Change(
            inserted: identifiers(inserted), updated: identifiers(updated), deleted: identifiers(deleted),
            erasedAll: erasedAll)
    }
}

extension PostgresConnection {
    /// Sends the notices of a save that has committed. A failure is logged, not thrown: the
    /// save holds, and the other processes see it at their next fetch.
    func send(_ notices: [PostgresChangeNotice], namespace: String, logger: Logger) async {
        for notice in notices {
            do {
                try await statement(notice.notifyQuery(namespace: namespace), logger: logger)
            } catch {
                logger.debug("could not tell other processes of a save: \(error)")
                return
            }
        }
    }
}
