import Foundation
import SwiftData
import Testing

/// `favourite` points at a playlist without being its inverse; `songs` pairs with `Song.playlist`.
@Model
final class Playlist {
    var name: String
    @Relationship(deleteRule: .cascade, maximumModelCount: 3) var songs: [Song] = []
    @Relationship(minimumModelCount: 1) var curators: [Curator] = []
    init(name: String) { self.name = name }
}

@Model
final class Song {
    var title: String
    var playlist: Playlist?
    /// One-way: not the inverse of `Playlist.songs`, though it would be inferred as one.
    @Relationship(inverse: nil) var featuredIn: [Playlist] = []
    init(title: String) { self.title = title }
}

@Model
final class Curator {
    var name: String
    init(name: String) { self.name = name }
}

@Suite("Relationship options: inverse: nil, model counts")
struct RelationshipOptionTests {
    private func context() throws -> ModelContext {
        ModelContext(
            try ModelContainer(
                for: Playlist.self, Song.self, Curator.self,
                configurations: ModelConfiguration(isStoredInMemoryOnly: true)))
    }

    @Test("@Relationship(inverse: nil) is one-way: setting it leaves the other side alone")
    func oneWay() throws {
        let context = try context()
        let mix = Playlist(name: "Mix")
        context.insert(mix)
        mix.curators = [Curator(name: "Ana")]
        let song = Song(title: "Intro")
        context.insert(song)
        song.featuredIn = [mix]
        #expect(mix.songs.isEmpty)
        song.playlist = mix
        #expect(mix.songs.map(\.title) == ["Intro"])
        try context.save()
        #expect(song.featuredIn.map(\.name) == ["Mix"])
        let schema = context.container.schema
        let songEntity = try #require(schema.entity(for: Song.self))
        #expect(songEntity.relationships.first { $0.name == "featuredIn" }?.inverseName == nil)
        #expect(songEntity.relationships.first { $0.name == "playlist" }?.inverseName == "songs")
    }

    @Test("a save breaking maximumModelCount or minimumModelCount fails as .modelValidationFailure")
    func modelCounts() throws {
        let context = try context()
        let mix = Playlist(name: "Mix")
        context.insert(mix)
        #expect(throws: SwiftDataError.modelValidationFailure) { try context.save() }
        mix.curators = [Curator(name: "Ana")]
        mix.songs = (1...4).map { Song(title: "Track \($0)") }
        var caught: SwiftDataError?
        do { try context.save() } catch let error as SwiftDataError { caught = error }
        guard case .modelCountOutOfRange("Playlist", "songs", 4, nil, 3)? = caught?.cause else {
            Issue.record("unexpected \(String(describing: caught))")
            return
        }
        mix.songs.removeLast()
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Song>()) == 4)
    }
}
