import Foundation

/// The PostgreSQL notification channel of a store's records, on which each push that
/// changed records notifies the devices watching the store (``StoreSyncEngine/watch(_:localPollInterval:onEvent:)``).
///
/// Channels are shared by every role of a database, and any role may listen on or notify
/// any channel it can name: the name is a digest of the account's server identity (a random
/// UUID in `storesync_schema`, which only the account's role can read), the role and the
/// store's table, so that no other role can compute it to hear an account's push times and
/// devices, or to flood its devices with notifications. The payload is the pushing device's
/// identifier, by which a device ignores its own pushes.
enum LiveChannel {
    /// SQL that gives the channel's name for the connected role, whose own schema is on the
    /// search path (``RemoteSchema/useOwnSchema(on:)``).
    static func nameSQL(table: String) -> String {
        "'storesync_' || md5((SELECT server_id::text FROM storesync_schema LIMIT 1) || ':' || current_user || ':' || '\(table)')"
    }
}
