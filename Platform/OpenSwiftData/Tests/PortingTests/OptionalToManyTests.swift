import Foundation
import SwiftData
import Testing

@Model
final class Setlist {
    var title: String
    @Relationship var tracks: [Track]?

    init(title: String) {
        self.title = title
    }
}

@Model
final class Track {
    var name: String
    var setlist: Setlist?

    init(name: String) {
        self.name = name
    }
}

@Suite("Optional to-many relationships")
struct OptionalToManyTests {
    /// As in SwiftData, whose models read an optional to-many relationship as an array,
    /// empty when it holds no model, even before they are inserted and after `nil` is set.
    @Test("read as an array, empty after nil is set, before and after insertion")
    func nilReadsEmpty() throws {
        let setlist = Setlist(title: "Road")
        #expect(setlist.tracks == [])
        setlist.tracks = nil
        #expect(setlist.tracks == [])
        let track = Track(name: "Drive")
        setlist.tracks = [track]
        #expect(setlist.tracks?.map(\.name) == ["Drive"])
        #expect(track.setlist === setlist)

        let container = try ModelContainer(
            for: Setlist.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        context.insert(setlist)
        try context.save()
        setlist.tracks = nil
        #expect(setlist.tracks == [])
        #expect(track.setlist == nil)
        try context.save()
        let fetched = try #require(try ModelContext(container).fetch(FetchDescriptor<Setlist>()).first)
        #expect(fetched.tracks == [])
    }
}
