import Foundation
import Testing

@testable import OpenSwiftData

/// The context's sets of inserted, changed and deleted models keep their members in the
/// order they were added, each once, whichever way members leave.
@Suite("Ordered model sets")
struct OrderedModelSetTests {
    @Test("removing several members at once keeps the others in order, and each can be found and removed again")
    func removeContentsOf() throws {
        let models = (0..<10).map { Shipment(reference: "s\($0)", weight: Double($0)) }
        var set = OrderedModelSet()
        for model in models { set.insert(model) }
        set.insert(models[3])
        set.remove(contentsOf: [models[0], models[4], models[9], Shipment(reference: "other", weight: 0)])
        let left = [1, 2, 3, 5, 6, 7, 8]
        #expect(set.models.compactMap { ($0 as? Shipment)?.reference } == left.map { "s\($0)" })
        #expect(set.count == left.count)
        #expect(!set.contains(models[4]) && set.contains(models[5]))
        // Positions were renumbered: a removal after them finds each member.
        set.remove(models[8])
        set.remove(models[1])
        #expect(set.models.compactMap { ($0 as? Shipment)?.reference } == ["s2", "s3", "s5", "s6", "s7"])
        set.insert(models[0])
        #expect(set.models.last.flatMap { ($0 as? Shipment)?.reference } == "s0")
    }
}
