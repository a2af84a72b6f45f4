import SwiftData
import Testing

// Only SwiftData is imported, as in an app on Apple platforms, where SwiftData brings
// Foundation with it: UUID, Date, URL, Locale and FileManager come through it.

@Model
final class SavedLink {
    var identifier: UUID
    var address: URL
    var savedAt: Date
    var locale: Locale

    init(address: URL, savedAt: Date, locale: Locale) {
        self.identifier = UUID()
        self.address = address
        self.savedAt = savedAt
        self.locale = locale
    }
}

@Suite("import SwiftData brings Foundation")
struct FoundationThroughSwiftDataTests {
    @Test("a file importing only SwiftData stores and fetches Foundation values")
    func foundationValues() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "PortingTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try ModelContainer(
            for: SavedLink.self, configurations: ModelConfiguration(url: folder.appending(path: "links.store")))
        let context = ModelContext(container)
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        let old = SavedLink(
            address: URL(string: "https://example.com/old")!, savedAt: day.addingTimeInterval(-86_400),
            locale: Locale(identifier: "fr_FR"))
        let recent = SavedLink(
            address: URL(string: "https://example.com/recent")!, savedAt: day, locale: Locale(identifier: "en_US"))
        context.insert(old)
        context.insert(recent)
        try context.save()

        let fresh = ModelContext(container)
        let descriptor = FetchDescriptor<SavedLink>(
            predicate: #Predicate { $0.savedAt >= day }, sortBy: [SortDescriptor(\.savedAt)])
        let fetched = try fresh.fetch(descriptor)
        #expect(fetched.map(\.address) == [URL(string: "https://example.com/recent")!])
        #expect(fetched.map(\.locale.identifier) == ["en_US"])
        let identifier = recent.identifier
        let byIdentifier = try fresh.fetch(
            FetchDescriptor<SavedLink>(predicate: #Predicate { $0.identifier == identifier }))
        #expect(byIdentifier.map(\.savedAt) == [day])
    }
}
