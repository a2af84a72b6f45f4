import Foundation
import SwiftData

/// Version 1 to 2: the same author entered twice in the first release becomes one author
/// (version 2 makes the name unique), then each author's sort name is filled in.
enum BookshelfMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [BookshelfSchemaV1.self, BookshelfSchemaV2.self]
    static let stages: [MigrationStage] = [migrateV1toV2]

    static let migrateV1toV2 = MigrationStage.custom(
        fromVersion: BookshelfSchemaV1.self,
        toVersion: BookshelfSchemaV2.self,
        willMigrate: { context in
            let authors = try context.fetch(FetchDescriptor<BookshelfSchemaV1.Author>())
            var kept: [String: BookshelfSchemaV1.Author] = [:]
            for author in authors {
                guard let first = kept[author.name] else {
                    kept[author.name] = author
                    continue
                }
                for book in author.books {
                    book.author = first
                }
                context.delete(author)
            }
            try context.save()
        },
        didMigrate: { context in
            for author in try context.fetch(FetchDescriptor<BookshelfSchemaV2.Author>()) {
                author.sortName = sortName(of: author.name)
            }
            try context.save()
        }
    )
}
