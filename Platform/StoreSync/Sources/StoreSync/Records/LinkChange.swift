import Foundation

/// A push's change of one to-many field of one record, as elements of an add-wins set
/// (``RemoteLinks``): the targets this machine added, and those it removed, each with the
/// version of the latest add of it this machine had seen, so that a removal wins over the
/// adds it saw and over no other. Two machines' adds of different targets both stay.
struct LinkChange: Sendable, Equatable, Codable {
    let record: UUID
    let field: String
    /// The targets added (their record names), at ``version``.
    let added: [String]
    /// The targets removed, each with the version of its latest add seen here.
    let removed: [String: String]
    /// The change's version, as a field version (``HybridLogicalClock/fieldVersion``).
    let version: String
    /// Whether the change also removes every other target added before ``version``: the
    /// field's elements were not known here (changed for the first time since the store
    /// synced with a release that kept none), so the list is what this machine holds.
    var replacesOlder = false
}
