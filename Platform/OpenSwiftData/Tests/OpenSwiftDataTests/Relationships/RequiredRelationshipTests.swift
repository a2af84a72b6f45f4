import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// A non-optional to-one relationship whose inverse's delete rule is `.nullify`.
enum RequiredAlbum {
    @Model
    final class Album {
        var title: String
        @Relationship(deleteRule: .nullify, inverse: \Song.album) var songs: [Song] = []

        init(title: String) { self.title = title }
    }

    @Model
    final class Song {
        var title: String
        var album: Album

        init(title: String, album: Album) {
            self.title = title
            self.album = album
        }
    }

    /// A one-way relationship: deleting the album changes no model in memory.
    @Model
    final class Review {
        var text: String
        @Relationship(inverse: nil) var album: Album

        init(text: String, album: Album) {
            self.text = text
            self.album = album
        }
    }
}

/// A save that would leave a non-optional to-one relationship without a model throws,
/// as SwiftData's validation does, rather than store NULL that cannot be read back.
@Suite("A non-optional to-one relationship left without a model")
struct RequiredRelationshipTests {
    /// A store with an album of one song, and a new context that fetched the album.
    private func albumStore(_ folder: TemporaryFolder) throws -> (ModelContainer, ModelContext, RequiredAlbum.Album) {
        let container = try makeContainer([RequiredAlbum.Album.self], folder: folder)
        let seeding = ModelContext(container)
        let album = RequiredAlbum.Album(title: "Blue")
        seeding.insert(album)
        seeding.insert(RequiredAlbum.Song(title: "River", album: album))
        try seeding.save()
        let context = ModelContext(container)
        let fetched = try #require(try context.fetch(FetchDescriptor<RequiredAlbum.Album>()).first)
        return (container, context, fetched)
    }

    /// The store's rows: albums, and songs whose album column is set.
    private func storedRows(_ container: ModelContainer) throws -> (albums: Int, linkedSongs: Int) {
        try readSQL(container) { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Album") ?? -1,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Song WHERE album IS NOT NULL") ?? -1
            )
        }
    }

    private func expectMissingAlbum(_ context: ModelContext) -> Bool {
        var threw = false
        #expect {
            try context.save()
        } throws: { error in
            threw = true
            guard let error = error as? SwiftDataError, error == .modelValidationFailure else { return false }
            return error.cause == .requiredRelationshipMissing(entity: "Song", relationship: "album", target: "Album")
                && "\(error)".contains("Song.album")
        }
        return threw
    }

    @Test("deleting its target under .nullify makes save throw, the store unchanged, the context usable")
    func nullifyOntoRequiredToOne() throws {
        let folder = TemporaryFolder()
        let (container, context, album) = try albumStore(folder)
        context.delete(album)

        let threw = expectMissingAlbum(context)
        #expect(try storedRows(container) == (1, 1))
        guard threw else { return }
        #expect(context.hasChanges)
        context.rollback()
        let song = try #require(try context.fetch(FetchDescriptor<RequiredAlbum.Song>()).first)
        #expect(song.album.title == "Blue")
        context.insert(RequiredAlbum.Song(title: "Lake", album: song.album))
        try context.save()
        #expect(try storedRows(container) == (1, 2))
    }

    @Test("removing the model from its target's inverse makes save throw too")
    func removedFromInverse() throws {
        let folder = TemporaryFolder()
        let (container, context, album) = try albumStore(folder)
        album.songs = []

        let threw = expectMissingAlbum(context)
        #expect(try storedRows(container) == (1, 1))
        guard threw else { return }
        context.rollback()
        #expect(album.songs.map(\.title) == ["River"])
    }

    @Test("deleting the model along with its target saves")
    func deletedTogether() throws {
        let folder = TemporaryFolder()
        let (container, context, album) = try albumStore(folder)
        let songs = album.songs
        context.delete(album)
        for song in songs { context.delete(song) }
        try context.save()
        #expect(try storedRows(container) == (0, 0))
    }

    @Test("deleting the target of a one-way required relationship makes save throw, the rows kept")
    func oneWayRequiredRelationship() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([RequiredAlbum.Review.self], folder: folder)
        let seeding = ModelContext(container)
        let album = RequiredAlbum.Album(title: "Blue")
        seeding.insert(album)
        seeding.insert(RequiredAlbum.Review(text: "Fine", album: album))
        try seeding.save()
        let context = ModelContext(container)
        context.delete(try #require(try context.fetch(FetchDescriptor<RequiredAlbum.Album>()).first))

        var threw = false
        #expect {
            try context.save()
        } throws: { error in
            threw = true
            return (error as? SwiftDataError)?.cause
                == .requiredRelationshipMissing(entity: "Review", relationship: "album", target: "Album")
        }
        let rows = try readSQL(container) { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Review WHERE album IS NOT NULL")
        }
        #expect(rows == 1)
        // A review saved without its album would stop the program when read.
        guard threw else { return }
        context.rollback()
        let review = try #require(try context.fetch(FetchDescriptor<RequiredAlbum.Review>()).first)
        #expect(review.album.title == "Blue")
    }
}
