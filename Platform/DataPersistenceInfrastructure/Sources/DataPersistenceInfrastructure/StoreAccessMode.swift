/// How a store is opened: to read and write it (created, migrated or recreated as its
/// kind says), or to read it only.
///
/// A program that only reads (a listing, a status) opens a store `.readOnly` when it
/// cannot write it, so that a read-only folder, mount or file still shows the user's
/// data: OpenSwiftData's `StoreFile.isWritable` tells which.
public enum StoreAccessMode: Sendable, Hashable {
    /// Create the store when it is missing and migrate or recreate it as its kind says.
    case readWrite
    /// Open the existing store on a connection that cannot write: never created,
    /// migrated, recreated or relocated (`ModelConfiguration(url:allowsSave: false)`).
    case readOnly
}
