import Foundation
import Testing

@testable import OpenSwiftData

/// What an initial value of a `Knot` or a `Crumb` does while a test runs, set on the
/// test's thread (initializers run on the thread that fetches).
enum InitialValueProbe {
    private static let key = "OpenSwiftDataTests.InitialValueProbe"

    static func arm(_ action: @escaping () -> Int) {
        Thread.current.threadDictionary[key] = action
    }

    /// Runs the armed action once, or returns 0.
    static func fire() -> Int {
        guard let action = Thread.current.threadDictionary[key] as? () -> Int else { return 0 }
        Thread.current.threadDictionary[key] = nil
        return action()
    }
}

/// A model whose persisted property's initial value may create another `Knot`.
@Model
final class Knot {
    var label: String
    var spare: Knot? = Knot.spareIfArmed()

    init(label: String) { self.label = label }

    static func spareIfArmed() -> Knot? {
        var made: Knot?
        _ = InitialValueProbe.fire {
            made = Knot(label: "spare")
        }
        return made
    }
}

extension InitialValueProbe {
    /// Runs the armed action once with a body of its own.
    static func fire(_ body: () -> Void) -> Int {
        guard Thread.current.threadDictionary[key] != nil else { return 0 }
        Thread.current.threadDictionary[key] = nil
        body()
        return 1
    }
}

/// A model whose initial value may fetch models of its own entity.
@Model
final class Crumb {
    var label: String
    var echo: Int = InitialValueProbe.fire()

    init(label: String) { self.label = label }
}

@Suite("Models created or fetched while a row is fetched")
struct RowHandOffTests {
    @Test("a model created by an initial value while a row is fetched gets its own backing data")
    func modelCreatedDuringInitializer() throws {
        let container = try makeInMemoryContainer([Knot.self])
        let setup = ModelContext(container)
        setup.insert(Knot(label: "original"))
        try setup.save()

        let context = ModelContext(container)
        InitialValueProbe.arm { 0 }
        let knots = try context.fetch(FetchDescriptor<Knot>())
        #expect(knots.map(\.label) == ["original"])
        #expect(!context.hasChanges)
        let knot = try #require(knots.first)
        #expect(knot.persistentBackingData.primaryKey != nil)
    }

    @Test("a fetch run by an initial value does not disturb the fetch that runs it")
    func fetchDuringInitializer() throws {
        let container = try makeInMemoryContainer([Crumb.self])
        let setup = ModelContext(container)
        for index in 0..<50 { setup.insert(Crumb(label: "crumb \(index)")) }
        try setup.save()

        let context = ModelContext(container)
        var nestedCount = -1
        InitialValueProbe.arm {
            nestedCount = (try? context.fetch(FetchDescriptor<Crumb>()).count) ?? -2
            return nestedCount
        }
        let crumbs = try context.fetch(FetchDescriptor<Crumb>())
        #expect(nestedCount == 50)
        #expect(crumbs.count == 50)
        #expect(Set(crumbs.map(\.label)).count == 50)
    }
}
