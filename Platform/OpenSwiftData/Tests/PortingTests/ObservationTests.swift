import Foundation
import Observation
import SwiftData
import Synchronization
import Testing

// Models are Observable, as SwiftData's are: what SwiftUI and `withObservationTracking`
// rely on.

@Model
final class Mixtape {
    var name: String
    var plays = 0
    @Relationship(inverse: \Tune.mixtape) var songs: [Tune] = []

    init(name: String) { self.name = name }
}

@Model
final class Tune {
    var title: String
    var mixtape: Mixtape?

    init(title: String) { self.title = title }
}

/// How many times a tracking's `onChange` ran.
private final class ChangeCount: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}

@Suite("Models are Observable")
struct ObservationTests {
    /// A context with two saved mixtapes, read back by a new context.
    private func fetchedMixtapes() throws -> (ModelContext, Mixtape, Mixtape) {
        let container = try ModelContainer(
            for: Mixtape.self, Tune.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let writer = ModelContext(container)
        writer.insert(Mixtape(name: "Morning"))
        writer.insert(Mixtape(name: "Evening"))
        try writer.save()
        let context = ModelContext(container)
        let fetched = try context.fetch(FetchDescriptor<Mixtape>(sortBy: [SortDescriptor(\.name)]))
        return (context, fetched[1], fetched[0])
    }

    /// Tracks the reads `apply` makes and counts the changes announced to them.
    private func track(_ apply: () -> Void) -> ChangeCount {
        let changes = ChangeCount()
        withObservationTracking(apply) { changes.increment() }
        return changes
    }

    @Test("a change to a property read in withObservationTracking calls onChange")
    func attributeChange() throws {
        let (_, morning, _) = try fetchedMixtapes()
        let changes = track { _ = morning.name }
        morning.name = "Dawn"
        #expect(changes.value == 1)
    }

    @Test("a change to a property not read does not")
    func otherPropertyChange() throws {
        let (_, morning, _) = try fetchedMixtapes()
        let changes = track { _ = morning.name }
        morning.plays += 1
        #expect(changes.value == 0)
        morning.name = "Dawn"
        #expect(changes.value == 1)
    }

    @Test("setting the same value again announces nothing")
    func sameValue() throws {
        let (_, morning, _) = try fetchedMixtapes()
        let changes = track { _ = morning.name }
        morning.name = "Morning"
        #expect(changes.value == 0)
    }

    @Test("a model changed once is tracked on its own: another model's change is not announced to it")
    func ownRegistrarAfterFirstChange() throws {
        let (_, morning, evening) = try fetchedMixtapes()
        morning.name = "Dawn"
        let changes = track { _ = morning.name }
        evening.name = "Dusk"
        #expect(changes.value == 0)
        morning.name = "Sunrise"
        #expect(changes.value == 1)
    }

    @Test("a change made in another context is not announced")
    func otherContext() throws {
        let (context, morning, _) = try fetchedMixtapes()
        let other = ModelContext(context.container)
        let otherEvening = try #require(
            try other.fetch(FetchDescriptor<Mixtape>(predicate: #Predicate { $0.name == "Evening" })).first)
        let changes = track { _ = morning.name }
        otherEvening.name = "Dusk"
        #expect(changes.value == 0)
    }

    // What differs from SwiftData, as the Porting from SwiftData article says: a fetched model's reads share its
    // context's registrar until its first change.
    @Test("a fetched model never changed is also told of a change to another model of its entity")
    func sharedUntilFirstChange() throws {
        let (_, morning, evening) = try fetchedMixtapes()
        let changes = track { _ = morning.name }
        evening.name = "Dusk"
        #expect(changes.value == 1)
    }

    @Test("setting a relationship announces the change of its inverse")
    func inverseChange() throws {
        let (context, morning, _) = try fetchedMixtapes()
        let changes = track { _ = morning.songs }
        let tune = Tune(title: "Here Comes the Sun")
        context.insert(tune)
        tune.mixtape = morning
        #expect(changes.value == 1)
        #expect(morning.songs.map(\.title) == ["Here Comes the Sun"])
    }

    @Test("a new model, never saved, is observable too")
    func newModel() {
        let mixtape = Mixtape(name: "Draft")
        let changes = track { _ = mixtape.plays }
        mixtape.plays = 3
        #expect(changes.value == 1)
    }
}
