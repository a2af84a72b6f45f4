import StoreSync

extension SyncError {
    /// The exit status of a failed sync, by the README's definitions:
    /// - a remote that is not a `postgres://` URL is a bad value on the command line;
    /// - a server that cannot be reached, refuses the user name or password, has no such
    ///   database or fails is the network status, as TMDb's failures are;
    /// - sync tables written by a newer release, like a store written by a newer version,
    ///   a local store that cannot be synced, and an account schema on the server that
    ///   another role owns are a store refused: nothing was changed.
    var exitStatus: ExitStatus {
        switch self {
        case .invalidRemoteURL: .usage
        case .serverUnreachable, .untrustedServer, .authenticationFailed, .databaseMissing, .server: .network
        case .remoteSchemaNewer, .remoteNotOwned, .storeNotSyncable, .localStore: .storeRefused
        }
    }
}
