import Foundation
import Testing

/// Declarations whose shape decides whether SwiftData code compiles, checked by compiling
/// code as an app writes it. Each snippet's source is SwiftData's declaration on Apple's
/// documentation page.
@Suite("Declarations as SwiftData writes them")
struct DeclarationShapeTests {
    /// `@preconcurrency case custom(fromVersion:toVersion:willMigrate:didMigrate:)`
    /// (developer.apple.com/documentation/swiftdata/migrationstage): a stage whose
    /// `willMigrate` mutates a captured variable compiles in Swift 6 mode, with a warning,
    /// as it does with SwiftData.
    @Test("a custom stage's closure that mutates a captured variable compiles")
    func customStageClosure() async throws {
        let result = try await SnippetTypechecker.typecheck(
            """
            import SwiftData

            enum V1: VersionedSchema {
                static let versionIdentifier = Schema.Version(1, 0, 0)
                static let models: [any PersistentModel.Type] = []
            }

            func countingStage() -> MigrationStage {
                var migrated = 0
                return MigrationStage.custom(
                    fromVersion: V1.self, toVersion: V1.self,
                    willMigrate: { _ in migrated += 1 }, didMigrate: nil)
            }
            """)
        #expect(result.status == 0, "\(result.diagnostics)")
        #expect(!result.diagnostics.contains("error:"))
    }
}
