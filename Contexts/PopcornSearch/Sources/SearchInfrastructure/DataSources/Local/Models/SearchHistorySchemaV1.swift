import OpenSwiftData

/// The search history as first shipped. Never change it: add a new version and a
/// migration stage instead (a test compares it with its committed JSON snapshot).
package enum SearchHistorySchemaV1: VersionedSchema {

    package static let versionIdentifier = Schema.Version(1, 0, 0)

    package static let models: [any PersistentModel.Type] = [
        SearchMediaSearchHistoryEntryEntity.self
    ]

}
