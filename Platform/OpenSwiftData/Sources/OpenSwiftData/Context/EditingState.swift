import Foundation

/// Who is editing through a context, as SwiftData's `EditingState`: its ``author`` is the
/// author the context's saves record in the store's history
/// (``DefaultHistoryTransaction/author``), the same value as ``ModelContext/author``.
public struct EditingState: Sendable, Identifiable {
    /// The context's editing session: one per context, the same across reads.
    public let id: UUID
    /// The author recorded with each save; nil: none.
    public var author: String?

    init(id: UUID, author: String?) {
        self.id = id
        self.author = author
    }
}
