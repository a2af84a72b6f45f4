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
    /// As in SwiftData: a model that is not inserted yet keeps what the app sets, `nil`
    /// included (an app's mapper reads back the `nil` it wrote); once inserted, the
    /// relationship is the store's list of models, empty when it holds none.
    @Test("nil before insertion, an array after it")
    func nilUntilInserted() throws {
        let setlist = Setlist(title: "Road")
        #expect(setlist.tracks == [])
        setlist.tracks = nil
        #expect(setlist.tracks == nil)
        let track = Track(name: "Drive")
        setlist.tracks = [track]
        #expect(setlist.tracks?.map(\.name) == ["Drive"])
        #expect(track.setlist === setlist)
        setlist.tracks = nil
        #expect(setlist.tracks == nil)
        #expect(track.setlist == nil)

        let container = try ModelContainer(
            for: Setlist.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        context.insert(setlist)
        #expect(setlist.tracks == [])
        setlist.tracks = [track]
        try context.save()
        setlist.tracks = nil
        #expect(setlist.tracks == [])
        #expect(track.setlist == nil)
        try context.save()
        let fetched = try #require(try ModelContext(container).fetch(FetchDescriptor<Setlist>()).first)
        #expect(fetched.tracks == [])
    }
}
