import Foundation

/// A persisted property's value as its column stores it: what a model's backing data
/// holds for each attribute, and for each to-one relationship the key of its target.
///
/// ``notRead`` stands for a column a partial fetch (`propertiesToFetch`) left out: it
/// is never decoded, compared or written; a read of it reads the row's missing columns
/// from the store first (`ModelContext.readUnreadValues(of:)`).
///
/// Public only because it is the element type of ``ModelBackingData``'s storage, which
/// `@Model`'s inlined accessors read; application code never needs it.
@_documentation(visibility: internal)
public enum StoredValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    /// Not read from the store yet.
    case notRead

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    var isNotRead: Bool {
        if case .notRead = self { return true }
        return false
    }
}
