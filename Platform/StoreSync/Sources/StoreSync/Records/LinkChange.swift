import Foundation

/// A push's change of one to-many field of one record, as elements of an add-wins set
/// (``RemoteLinks``): the targets this machine added, and those it removed, each with the
/// adds of it this machine had seen (their tags), so that a removal takes out the adds it
/// saw and no other. Two machines' adds, of different targets or of the same one, both stay.
struct LinkChange: Sendable, Equatable, Codable {
    let record: UUID
    let field: String
    /// The targets added (their record names), each one add tagged ``version``.
    let added: [String]
    /// The targets removed, each with the tags of its adds seen here.
    let removed: [String: [String]]
    /// The change's version, as a field version (``HybridLogicalClock/fieldVersion``).
    let version: String
    /// Whether the change also removes every other target added before ``version``: the
    /// field's elements were not known here (changed for the first time since the store
    /// synced with a release that kept none), so the list is what this machine holds.
    var replacesOlder = false
    /// The targets among ``added`` added again with the tags of their adds this machine
    /// saw, instead of one add tagged ``version``: a store syncing with a server that went
    /// back in time sends its elements as they were, so that a removal of them made on the
    /// server since still holds.
    var addedTags: [String: [String]]? = nil

    /// The tags of the adds of each target added.
    var tagsAdded: [(target: String, tag: String)] {
        added.flatMap { target in (addedTags?[target] ?? [version]).map { (target, $0) } }
    }
}
