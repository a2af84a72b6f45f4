import Foundation
import OpenSwiftData
import PopcornTestSupport
import Testing

@testable import DataPersistenceInfrastructure

@ModelActor
actor HistoryStore {
    func add(_ mediaID: Int) throws {
        modelContext.insert(HistoryEntry(mediaID: mediaID))
        try modelContext.save()
    }

    func addNote(_ movieID: Int) throws {
        modelContext.insert(WatchlistNote(movieID: movieID, note: "n"))
        try modelContext.save()
    }

    func mediaIDs() -> AsyncThrowingStream<[Int], any Error> {
        stream(for: FetchDescriptor<HistoryEntry>()) { entries in entries.compactMap(\.mediaID).sorted() }
    }
}

struct StreamFailure: Error, Equatable {}

@Suite("stream(for:map:) on model actors", .timeLimit(.minutes(1)))
struct FetchStreamingTests {
    func makeContainer(_ folder: TemporaryFolder) throws -> ModelContainer {
        try ModelContainer(
            for: Schema([HistoryEntry.self, WatchlistNote.self]),
            configurations: [ModelConfiguration(url: folder.file("stream.sqlite"), cloudKitDatabase: .none)])
    }

    @Test("yields now, then after saves from a plain context and from another model actor")
    func yieldsAfterSavesFromOtherContexts() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(folder)
        let reader = HistoryStore(modelContainer: container)
        let writer = HistoryStore(modelContainer: container)
        var iterator = await reader.mediaIDs().makeAsyncIterator()
        #expect(try await iterator.next() == [])

        let context = ModelContext(container)
        context.insert(HistoryEntry(mediaID: 1))
        try context.save()
        #expect(try await iterator.next() == [1])

        try await writer.add(2)
        #expect(try await iterator.next() == [1, 2])

        try await writer.addNote(99)  // another entity: no new result
        try await reader.add(3)
        #expect(try await iterator.next() == [1, 2, 3])
    }

    @Test("breaking out of the loop cancels the producing task")
    func stopsWhenConsumerStops() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(folder)
        let reader = HistoryStore(modelContainer: container)
        let (finished, signal) = AsyncStream<Void>.makeStream()
        let consumer = Task {
            let stream = await reader.makeFetchStream(
                for: FetchDescriptor<HistoryEntry>(), map: { $0.count }, onFinish: { signal.finish() })
            var seen: [Int] = []
            for try await count in stream {
                seen.append(count)
                if count == 1 { break }
                try await HistoryStore(modelContainer: container).add(7)
            }
            return seen
        }
        #expect(try await consumer.value == [0, 1])
        for await _ in finished {}
        // The container still works, and later saves reach no one.
        try await reader.add(8)
        #expect(try historyMediaIDs(in: container) == [7, 8])
    }

    @Test("a throwing map ends the stream with its error")
    func mapErrorEndsStream() async throws {
        let folder = TemporaryFolder()
        let reader = HistoryStore(modelContainer: try makeContainer(folder))
        let stream = await reader.stream(for: FetchDescriptor<HistoryEntry>()) { _ -> Int in throw StreamFailure() }
        await #expect(throws: StreamFailure.self) {
            for try await _ in stream {}
        }
    }

    @Test("the watched entities include those reachable through relationships")
    func watchedEntities() {
        let schema = Schema([HistoryEntry.self, WatchlistNote.self])
        #expect(FetchStreamEntities.watched(from: "HistoryEntry", in: schema) == ["HistoryEntry"])
        let related = Schema([Playlist.self])
        #expect(FetchStreamEntities.watched(from: "Playlist", in: related) == ["Playlist", "PlaylistItem"])
        #expect(FetchStreamEntities.watched(from: "PlaylistItem", in: related) == ["Playlist", "PlaylistItem"])
    }
}
