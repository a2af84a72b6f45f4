import Foundation

@testable import OpenSwiftData

// An album whose cover art is kept beside the store: V1, V2 adds a caption, V3 drops the
// art; V3Refused also adds a non-optional attribute without a default, which is refused.

enum AlbumV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Cover.self]

    @Model
    final class Cover {
        var title: String
        @Attribute(.externalStorage) var art: Data?

        init(title: String, art: Data?) {
            self.title = title
            self.art = art
        }
    }
}

enum AlbumV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [Cover.self]

    @Model
    final class Cover {
        var title: String
        @Attribute(.externalStorage) var art: Data?
        var caption: String?

        init(title: String) { self.title = title }
    }
}

enum AlbumV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static let models: [any PersistentModel.Type] = [Cover.self]

    @Model
    final class Cover {
        var title: String
        var caption: String?

        init(title: String) { self.title = title }
    }
}

enum AlbumV3Refused: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static let models: [any PersistentModel.Type] = [Cover.self]

    @Model
    final class Cover {
        var title: String
        var caption: String?
        var year: Int

        init(title: String, year: Int) {
            self.title = title
            self.year = year
        }
    }
}

enum AlbumPlanToV2: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [AlbumV1.self, AlbumV2.self]
    static let stages: [MigrationStage] = [.lightweight(fromVersion: AlbumV1.self, toVersion: AlbumV2.self)]
}

enum AlbumPlanToV3: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [AlbumV1.self, AlbumV2.self, AlbumV3.self]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: AlbumV1.self, toVersion: AlbumV2.self),
        .lightweight(fromVersion: AlbumV2.self, toVersion: AlbumV3.self),
    ]
}

enum AlbumPlanRefused: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [AlbumV1.self, AlbumV3Refused.self]
    static let stages: [MigrationStage] = [.lightweight(fromVersion: AlbumV1.self, toVersion: AlbumV3Refused.self)]
}

enum AlbumV1OnlyPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [AlbumV1.self]
    static let stages: [MigrationStage] = []
}

enum AlbumStores {
    /// A V1 album at `url` with one cover per art, titled by position; closed on return.
    static func writeV1(_ url: URL, arts: [Data]) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: AlbumV1.self), migrationPlan: AlbumV1OnlyPlan.self,
            configurations: [ModelConfiguration(url: url)])
        let context = ModelContext(container)
        for (index, art) in arts.enumerated() { context.insert(AlbumV1.Cover(title: "\(index)", art: art)) }
        try context.save()
    }

    /// The arts of a V1 album, by title.
    static func artsV1(at url: URL) throws -> [Data?] {
        let container = try ModelContainer(
            for: Schema(versionedSchema: AlbumV1.self), configurations: [ModelConfiguration(url: url)])
        return try ModelContext(container).fetch(FetchDescriptor<AlbumV1.Cover>(sortBy: [SortDescriptor(\.title)]))
            .map(\.art)
    }

    static func files(of url: URL) -> Set<String> {
        ExternalDataFolder(storeURL: url).fileNames()
    }
}
