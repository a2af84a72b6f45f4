import Foundation
import OpenSwiftData

// The models of seeds/003: adding `isAmbientSession` and `lastInteraction` to
// ReadingSession must keep every row; the mistakes it lists must be refused.

enum ReadingV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [BookModel.self, ReadingSession.self]

    @Model
    final class BookModel {
        var title: String

        init(title: String) { self.title = title }
    }

    @Model
    final class ReadingSession {
        var startDate: Date
        var endDate: Date?

        init(startDate: Date, endDate: Date? = nil) {
            self.startDate = startDate
            self.endDate = endDate
        }
    }
}

enum ReadingV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [BookModel.self, ReadingSession.self]

    @Model
    final class BookModel {
        var title: String

        init(title: String) { self.title = title }
    }

    @Model
    final class ReadingSession {
        var startDate: Date
        var endDate: Date?
        var isAmbientSession: Bool = false
        var lastInteraction: Date?

        init(startDate: Date) { self.startDate = startDate }
    }
}

/// The dangerous change: a new non-optional field without a default.
enum ReadingRequiredField {
    @Model
    final class BookModel {
        var title: String

        init(title: String) { self.title = title }
    }

    @Model
    final class ReadingSession {
        var startDate: Date
        var endDate: Date?
        var newField: String

        init(startDate: Date, newField: String) {
            self.startDate = startDate
            self.newField = newField
        }
    }
}

/// The other mistake: forgetting ReadingSession in the schema.
enum ReadingForgotModel {
    @Model
    final class BookModel {
        var title: String

        init(title: String) { self.title = title }
    }
}

enum ReadingMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [ReadingV1.self, ReadingV2.self]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: ReadingV1.self, toVersion: ReadingV2.self)
    ]
}
