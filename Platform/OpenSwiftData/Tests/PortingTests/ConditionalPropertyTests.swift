import Foundation
import SwiftData
import Testing

/// Persisted properties inside `#if` blocks: the active clause's are persisted, the
/// others do not exist.
@Model
final class Gadget {
    var name: String
    #if os(Linux)
        var platform: String = "linux"
    #else
        var platform: Int = 0
    #endif
    #if OPENSWIFTDATA_NEVER_DEFINED
        var never: Int = 1
    #elseif canImport(Foundation)
        var serial: Int = 7
        #if !os(Windows)
            var label: String?
        #endif
    #endif
    var size: Int

    init(name: String, size: Int) {
        self.name = name
        self.size = size
    }
}

/// A `@Model` subclass whose own properties sit after an `#if` block.
@Model
class Appliance {
    #if os(Linux)
        var voltage: Int = 230
    #endif
    var brand: String

    init(brand: String) {
        self.brand = brand
    }
}

@Model
final class Kettle: Appliance {
    #if canImport(Foundation)
        var litres: Double = 1.5
    #endif
    var colour: String

    init(brand: String, colour: String) {
        self.colour = colour
        super.init(brand: brand)
    }
}

@Suite("Persisted properties inside #if")
struct ConditionalPropertyTests {
    @Test("the active clauses' properties are persisted and read back after a fetch")
    func activeClausesPersist() throws {
        #expect(Gadget.schemaMetadata.map(\.name) == ["name", "platform", "serial", "label", "size"])
        let container = try ModelContainer(
            for: Gadget.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let gadget = Gadget(name: "lamp", size: 3)
        gadget.serial = 42
        gadget.label = "desk"
        context.insert(gadget)
        try context.save()

        let fetched = try #require(try ModelContext(container).fetch(FetchDescriptor<Gadget>()).first)
        #expect(fetched.name == "lamp")
        #expect(fetched.platform == "linux")
        #expect(fetched.serial == 42)
        #expect(fetched.label == "desk")
        #expect(fetched.size == 3)
        let labelled = try ModelContext(container).fetch(
            FetchDescriptor<Gadget>(predicate: #Predicate { $0.label == "desk" && $0.serial > 40 }))
        #expect(labelled.count == 1)
    }

    @Test("a subclass numbers its properties after its superclass's conditional ones")
    func subclass() throws {
        let container = try ModelContainer(
            for: Kettle.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let kettle = Kettle(brand: "Acme", colour: "red")
        kettle.voltage = 110
        kettle.litres = 1.7
        context.insert(kettle)
        try context.save()

        let fetched = try #require(try ModelContext(container).fetch(FetchDescriptor<Kettle>()).first)
        #expect(fetched.brand == "Acme")
        #expect(fetched.voltage == 110)
        #expect(fetched.litres == 1.7)
        #expect(fetched.colour == "red")
    }
}
