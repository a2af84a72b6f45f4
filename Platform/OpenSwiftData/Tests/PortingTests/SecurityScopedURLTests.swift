import Foundation
import SwiftData
import Testing

@Model
final class ImportedReading {
    var title: String
    init(title: String) { self.title = title }
}

/// A CSV import into the store as jcb1973/SimpleReadingTracker's `HomeViewModel.importCSV`
/// writes it: the file the user picked is read between `startAccessingSecurityScopedResource()`
/// and `stopAccessingSecurityScopedResource()`, which Linux's Foundation lacks and
/// `import SwiftData` brings there.
@Suite("Security-scoped URLs through import SwiftData")
struct SecurityScopedURLTests {
    @Test("an import brackets its file with the security-scope calls and reads it")
    func importBetweenScopeCalls() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "PortingTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "books.csv")
        try "title\nInvisible Cities\nThe Dispossessed\n".write(to: file, atomically: true, encoding: .utf8)

        let context = ModelContext(
            try ModelContainer(
                for: ImportedReading.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true)))
        let accessing = file.startAccessingSecurityScopedResource()
        defer { if accessing { file.stopAccessingSecurityScopedResource() } }
        let content = try String(contentsOf: file, encoding: .utf8)
        for title in content.split(separator: "\n").dropFirst() {
            context.insert(ImportedReading(title: String(title)))
        }
        try context.save()

        // No security scope on Linux, as for a URL without one on Apple platforms.
        #expect(!accessing)
        let titles = try context.fetch(FetchDescriptor<ImportedReading>(sortBy: [SortDescriptor(\.title)])).map(\.title)
        #expect(titles == ["Invisible Cities", "The Dispossessed"])
    }
}
