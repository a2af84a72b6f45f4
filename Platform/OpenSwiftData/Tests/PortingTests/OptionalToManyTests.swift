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

@Model
final class RecordShelf {
    var label: String
    @Relationship var records: [Track]? = []

    init(label: String) {
        self.label = label
    }
}

@Suite("Optional to-many relationships")
struct OptionalToManyTests {
    /// As in SwiftData: a model that is not inserted yet keeps what its initializer and the
    /// app set, `nil` included, until the relationship holds models; setting `nil` then
    /// takes the models out and reads `[]`. Once saved, the relationship is the store's list
    /// of models, empty when it holds none. Source: the origin app's mapper tests,
    /// which pass on Apple platforms (`MovieMapperDomainToEntityTests`, "maps nil
    /// relationships from domain to entity": `genres: nil` reads nil;
    /// `MovieMapperUpdateEntityTests`, "updates entity with nil genres": genres that held
    /// a model, set to nil, read empty).
    @Test("nil before insertion until it holds models, an array after it")
    func nilUntilInserted() throws {
        let setlist = Setlist(title: "Road")
        #expect(setlist.tracks == nil)
        setlist.tracks = []
        #expect(setlist.tracks == [])
        setlist.tracks = nil
        #expect(setlist.tracks == nil)
        let track = Track(name: "Drive")
        setlist.tracks = [track]
        #expect(setlist.tracks?.map(\.name) == ["Drive"])
        #expect(track.setlist === setlist)
        setlist.tracks = nil
        #expect(setlist.tracks == [])
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

    /// A new model whose initializer leaves an optional to-many unset reads `nil` after
    /// `context.insert`, until the relationship holds models or the model is saved; saved, it
    /// reads `[]`. Source: h1431532403240/Votra's model tests, which pass on Apple platforms
    /// (`TranslationSessionTests`, "Default initializer leaves relationships nil", and
    /// `SpeakerTests`, "sessions relationship is initially nil": `Session()` and `Speaker()`
    /// inserted in the main context, then `== nil`).
    @Test("left unset, nil after insertion until it holds models, an array once saved")
    func unsetAfterInsertion() throws {
        let container = try ModelContainer(
            for: Setlist.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let setlist = Setlist(title: "Road")
        context.insert(setlist)
        #expect(setlist.tracks == nil)
        let track = Track(name: "Drive")
        context.insert(track)
        track.setlist = setlist
        #expect(setlist.tracks?.map(\.name) == ["Drive"])
        let empty = Setlist(title: "Empty")
        context.insert(empty)
        #expect(empty.tracks == nil)
        try context.save()
        #expect(empty.tracks == [])
        let fetched = try ModelContext(container).fetch(
            FetchDescriptor<Setlist>(predicate: #Predicate { $0.title == "Empty" }))
        #expect(fetched.first?.tracks == [])
    }

    @Test("a relationship declared with an initial array reads it, and a model linked through the inverse is listed")
    func initialArrayAndInverse() {
        #expect(RecordShelf(label: "A").records == [])
        let setlist = Setlist(title: "Tour")
        let track = Track(name: "Home")
        track.setlist = setlist
        #expect(setlist.tracks?.map(\.name) == ["Home"])
    }
}
