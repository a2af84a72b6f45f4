import Foundation
import Observation
import SwiftData
import Synchronization
import Testing

@Model
final class Headline {
    var title: String
    var readCount: Int = 0

    init(title: String) {
        self.title = title
    }
}

@ModelActor
actor HeadlineEditor {
    func rename(_ id: PersistentIdentifier, to title: String) throws {
        guard let headline = self[id, as: Headline.self] else { return }
        headline.title = title
        try modelContext.save()
    }

    func delete(_ id: PersistentIdentifier) throws {
        guard let headline = self[id, as: Headline.self] else { return }
        modelContext.delete(headline)
        try modelContext.save()
    }
}

/// Whether an observation's `onChange` ran; it may run on any thread.
final class ChangeFlag: Sendable {
    private let fired = Mutex(false)
    func set() { fired.withLock { $0 = true } }
    var isSet: Bool { fired.withLock { $0 } }
}

@Suite("The main context merges the saves of other contexts")
@MainActor
struct MainContextMergeTests {
    /// Lets the main actor run the merges scheduled by other contexts' saves.
    private func settle(until done: () -> Bool) async {
        for _ in 0..<200 where !done() {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test("a save in an actor's context shows in the main context's model, and its observers are told")
    func updatesReachTheMainContext() async throws {
        let container = try ModelContainer(
            for: Headline.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let main = container.mainContext
        let headline = Headline(title: "Draft")
        main.insert(headline)
        try main.save()
        let flag = ChangeFlag()
        withObservationTracking {
            _ = headline.title
        } onChange: {
            flag.set()
        }
        try await HeadlineEditor(modelContainer: container).rename(headline.persistentModelID, to: "Final")
        await settle { headline.title == "Final" }
        #expect(headline.title == "Final")
        #expect(flag.isSet)
        #expect(!main.hasChanges)
    }

    @Test("a model the main context changed keeps its change; one another context deleted leaves it")
    func pendingChangesAndDeletes() async throws {
        let container = try ModelContainer(
            for: Headline.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let main = container.mainContext
        main.autosaveEnabled = false
        let kept = Headline(title: "Kept")
        let gone = Headline(title: "Gone")
        main.insert(kept)
        main.insert(gone)
        try main.save()
        kept.readCount = 3
        let editor = HeadlineEditor(modelContainer: container)
        try await editor.rename(kept.persistentModelID, to: "Renamed elsewhere")
        try await editor.delete(gone.persistentModelID)
        await settle { gone.modelContext == nil }
        #expect(gone.modelContext == nil)
        #expect(kept.title == "Kept")
        #expect(kept.readCount == 3)
        #expect(try main.fetch(FetchDescriptor<Headline>()).map(\.title) == ["Kept"])
    }

    @Test("another context's models show a save of a third context at their next fetch, not before")
    func otherContextsRefreshWhenTheyFetch() async throws {
        let container = try ModelContainer(
            for: Headline.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let reader = ModelContext(container)
        let headline = Headline(title: "Draft")
        reader.insert(headline)
        try reader.save()
        try await HeadlineEditor(modelContainer: container).rename(headline.persistentModelID, to: "Final")
        await settle { false }
        #expect(headline.title == "Draft")
        _ = try reader.fetch(FetchDescriptor<Headline>())
        #expect(headline.title == "Final")
    }
}
