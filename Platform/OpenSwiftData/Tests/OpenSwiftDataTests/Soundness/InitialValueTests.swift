import Foundation
import Testing

@testable import OpenSwiftData

enum Mood: String, Codable {
    case calm, busy
}

/// Initial values of every kind `@Model` treats differently (see `NewModelValue`).
@Model
final class Defaults {
    var title: String
    var pinned = false
    var count: Int = 3
    var offset = -1
    var ratio = 0.5
    var label = "none"
    var tags: [String] = []
    var scores: [String: Int] = [:]
    var note: String?
    var explicitNil: Int? = nil
    var mood: Mood = .calm
    var createdAt = Date(timeIntervalSinceReferenceDate: 42)
    var stamp = UUID()

    init(title: String) {
        self.title = title
    }

    init(title: String, count: Int, pinned: Bool) {
        self.title = title
        self.count = count
        self.pinned = pinned
    }
}

@Suite("Initial values of new and fetched models")
struct InitialValueTests {
    @Test("a new model starts with its declared initial values, or the ones its initializer sets")
    func newModels() {
        let plain = Defaults(title: "plain")
        #expect(plain.title == "plain")
        #expect(plain.pinned == false)
        #expect(plain.count == 3)
        #expect(plain.offset == -1)
        #expect(plain.ratio == 0.5)
        #expect(plain.label == "none")
        #expect(plain.tags == [])
        #expect(plain.scores == [:])
        #expect(plain.note == nil)
        #expect(plain.explicitNil == nil)
        #expect(plain.mood == .calm)
        #expect(plain.createdAt == Date(timeIntervalSinceReferenceDate: 42))
        let set = Defaults(title: "set", count: 3, pinned: true)
        #expect(set.count == 3)
        #expect(set.pinned == true)
        let changed = Defaults(title: "changed", count: 0, pinned: false)
        #expect(changed.count == 0)
        #expect(Defaults(title: "a").stamp != Defaults(title: "b").stamp)
    }

    @Test("a fetched model shows its row's values, never the class's initial values")
    func fetchedModels() throws {
        let container = try makeInMemoryContainer([Defaults.self])
        let context = ModelContext(container)
        let stored = Defaults(title: "stored", count: 11, pinned: true)
        stored.offset = 5
        stored.ratio = 2
        stored.label = "some"
        stored.tags = ["x"]
        stored.scores = ["a": 1]
        stored.note = "n"
        stored.explicitNil = 4
        stored.mood = .busy
        stored.createdAt = Date(timeIntervalSinceReferenceDate: 1_000)
        let stamp = stored.stamp
        context.insert(stored)
        context.insert(Defaults(title: "default"))
        try context.save()

        let fetched = try ModelContext(container).fetch(FetchDescriptor<Defaults>(sortBy: [SortDescriptor(\.title)]))
        let (defaulted, changed) = (fetched[0], fetched[1])
        #expect(changed.title == "stored")
        #expect(changed.count == 11)
        #expect(changed.pinned == true)
        #expect(changed.offset == 5)
        #expect(changed.ratio == 2)
        #expect(changed.label == "some")
        #expect(changed.tags == ["x"])
        #expect(changed.scores == ["a": 1])
        #expect(changed.note == "n")
        #expect(changed.explicitNil == 4)
        #expect(changed.mood == .busy)
        #expect(changed.createdAt == Date(timeIntervalSinceReferenceDate: 1_000))
        #expect(changed.stamp == stamp)
        #expect(changed.hasChanges == false)
        #expect(defaulted.title == "default")
        #expect(defaulted.count == 3)
        #expect(defaulted.label == "none")
        #expect(defaulted.tags == [])
    }
}
