import Foundation
import SwiftData
import Testing

/// A persisted property with `willSet` and `didSet`, which a SwiftData app may declare.
@Model
final class Thermostat {
    var target: Double {
        willSet { log.append("will \(target) -> \(newValue)") }
        didSet { log.append("did \(oldValue) -> \(target)") }
    }
    @Transient var log: [String] = []

    init(target: Double) {
        self.target = target
    }
}

@Suite("Observers on persisted properties")
struct PropertyObserverTests {
    /// As in SwiftData: `@Model` makes the property computed, and Swift drops the
    /// observers of a stored property an accessor macro makes computed; the generated
    /// accessors do not call them.
    @Test("compile, and do not run, as in SwiftData; the property is persisted")
    func observersCompileAndDoNotRun() throws {
        let thermostat = Thermostat(target: 20)
        thermostat.target = 21
        #expect(thermostat.target == 21)
        #expect(thermostat.log.isEmpty)

        let container = try ModelContainer(
            for: Thermostat.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        context.insert(thermostat)
        thermostat.target = 22
        try context.save()
        #expect(thermostat.log.isEmpty)

        let fetched = try #require(try ModelContext(container).fetch(FetchDescriptor<Thermostat>()).first)
        #expect(fetched.target == 22)
        fetched.target = 23
        #expect(fetched.log.isEmpty)
    }
}
