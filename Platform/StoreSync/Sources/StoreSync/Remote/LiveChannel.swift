import Foundation

/// The PostgreSQL notification channel of a store's records, on which each push that
/// changed records notifies the devices watching the store (``StoreSyncEngine/watch(_:localPollInterval:onEvent:)``).
///
/// Channels are shared by every role of a database: the name is a digest of the role and
/// the store's table, so that an account hears only its own stores' pushes. The payload is
/// the pushing device's identifier, by which a device ignores its own pushes.
enum LiveChannel {
    /// SQL that gives the channel's name for the connected role.
    static func nameSQL(table: String) -> String {
        "'storesync_' || md5(current_user || ':' || '\(table)')"
    }
}
