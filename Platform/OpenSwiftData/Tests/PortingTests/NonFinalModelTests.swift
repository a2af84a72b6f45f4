import Foundation
import SwiftData
import Testing

/// SwiftData does not require `final`; many apps leave it out.
@Model
class Bookmark {
    var url: URL
    var title: String?

    init(url: URL, title: String? = nil) {
        self.url = url
        self.title = title
    }
}

@Suite("@Model classes that are not final")
struct NonFinalModelTests {
    @Test("are stored and fetched as final ones")
    func nonFinal() throws {
        let container = try ModelContainer(
            for: Bookmark.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let swift = try #require(URL(string: "https://swift.org"))
        context.insert(Bookmark(url: swift, title: "Swift"))
        try context.save()
        let fetched = try ModelContext(container).fetch(FetchDescriptor<Bookmark>())
        #expect(fetched.map(\.url) == [swift])
        #expect(fetched.map(\.title) == ["Swift"])
    }
}
