import Foundation
import OpenSwiftData

@testable import SearchInfrastructure

// Test-only later versions of the search history, to prove the migration path works
// before a real V2 ships. Each version nests its own copy of the model with the same
// class name, so that the entity (and its table) stays the same across versions.

/// V2 adds an optional attribute: the query that found the media.
enum SearchHistoryTestSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [SearchMediaSearchHistoryEntryEntity.self]

    @Model
    final class SearchMediaSearchHistoryEntryEntity {
        var mediaID: Int?
        var mediaType: MediaType?
        var timestamp: Date?
        var query: String?

        enum MediaType: String, Codable {
            case movie
            case tvSeries
            case person
        }

        init(mediaID: Int, mediaType: MediaType, timestamp: Date, query: String? = nil) {
            self.mediaID = mediaID
            self.mediaType = mediaType
            self.timestamp = timestamp
            self.query = query
        }
    }
}

/// V3 adds a non-optional attribute with a default: whether the entry is pinned.
enum SearchHistoryTestSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static let models: [any PersistentModel.Type] = [SearchMediaSearchHistoryEntryEntity.self]

    @Model
    final class SearchMediaSearchHistoryEntryEntity {
        var mediaID: Int?
        var mediaType: MediaType?
        var timestamp: Date?
        var query: String?
        var isPinned: Bool = false

        enum MediaType: String, Codable {
            case movie
            case tvSeries
            case person
        }

        init(mediaID: Int, mediaType: MediaType, timestamp: Date, query: String? = nil) {
            self.mediaID = mediaID
            self.mediaType = mediaType
            self.timestamp = timestamp
            self.query = query
        }
    }
}

/// The custom stage's rule: entries found by a query are pinned.
let pinEntriesWithAQuery = MigrationStage.custom(
    fromVersion: SearchHistoryTestSchemaV2.self, toVersion: SearchHistoryTestSchemaV3.self, willMigrate: nil,
    didMigrate: { context in
        let withQuery = try context.fetch(
            FetchDescriptor<SearchHistoryTestSchemaV3.SearchMediaSearchHistoryEntryEntity>(
                predicate: #Predicate { $0.query != nil }))
        for entry in withQuery { entry.isPinned = true }
        try context.save()
    })

/// V1 → V2 only, as a build that shipped V2 would have it.
enum SearchHistoryTestPlanV2: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [SearchHistorySchemaV1.self, SearchHistoryTestSchemaV2.self]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: SearchHistorySchemaV1.self, toVersion: SearchHistoryTestSchemaV2.self)
    ]
}

/// V1 → V2 → V3.
enum SearchHistoryTestPlanV3: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [
        SearchHistorySchemaV1.self, SearchHistoryTestSchemaV2.self, SearchHistoryTestSchemaV3.self,
    ]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: SearchHistorySchemaV1.self, toVersion: SearchHistoryTestSchemaV2.self),
        pinEntriesWithAQuery,
    ]
}
