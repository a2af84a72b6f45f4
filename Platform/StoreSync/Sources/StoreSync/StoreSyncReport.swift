import Foundation

/// What one sync did to one store.
public struct StoreSyncReport: Sendable, Equatable, Codable {
    /// The store's name.
    public let store: String
    /// Records sent: changed or new models, and deletions.
    public var sentChanges = 0
    public var sentDeletions = 0
    /// Records received and applied here: updates, new models, deletions.
    public var receivedUpdates = 0
    public var receivedInsertions = 0
    public var receivedDeletions = 0
    /// Records received and left alone, because this machine holds a newer change that
    /// it sends at the next sync.
    public var keptLocal = 0

    public init(store: String) {
        self.store = store
    }

    public var sent: Int { sentChanges + sentDeletions }
    public var received: Int { receivedUpdates + receivedInsertions + receivedDeletions }
}
