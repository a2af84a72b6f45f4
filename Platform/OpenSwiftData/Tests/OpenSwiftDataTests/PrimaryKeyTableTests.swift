import Foundation
import Testing

@testable import OpenSwiftData

@Suite("The identity map's table of models by primary key")
struct PrimaryKeyTableTests {
    @Test("random registers and removes agree with a dictionary, through growth, shrinking and collisions")
    func agreesWithDictionary() {
        let table = PrimaryKeyTable(for: Note.self)
        var reference: [Int64: Note] = [:]
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        // Keys from a small range collide often; negative and huge keys are valid row ids too.
        let keys: [Int64] = (0..<600).map { Int64($0) } + [-1, -5_000, Int64.max, Int64.min, 1 << 40]
        for step in 0..<20_000 {
            let key = keys[next(keys.count)]
            // Grow to a few hundred entries, then mostly remove, so that the table shrinks.
            if next(100) < (step < 12_000 ? 70 : 20) {
                let note = Note(text: "\(key)")
                reference[key] = note
                table.register(note, for: key)
            } else {
                reference[key] = nil
                table.remove(key)
            }
            #expect(table.count == reference.count)
        }
        for key in keys {
            #expect(table[key] === reference[key], "key \(key)")
        }
        #expect(Set(table.liveModels.map(ObjectIdentifier.init)) == Set(reference.values.map(ObjectIdentifier.init)))
        // Emptied one key at a time, the table shrinks on the way; it then fills again.
        for key in keys.shuffled() {
            table.remove(key)
            reference[key] = nil
            for other in keys.prefix(50) { #expect(table[other] === reference[other]) }
        }
        #expect(table.count == 0)
        let notes = keys.map { Note(text: "\($0)") }
        for (key, note) in zip(keys, notes) { table.register(note, for: key) }
        #expect(zip(keys, notes).allSatisfy { table[$0] === $1 })
    }

    @Test("models are not kept alive; removing only a released entry keeps a live one")
    func entriesDoNotKeepModelsAlive() {
        let table = PrimaryKeyTable(for: Note.self)
        var kept: Note? = Note(text: "kept")
        do {
            let dropped = Note(text: "dropped")
            table.register(dropped, for: 1)
            table.register(kept!, for: 2)
        }
        #expect(table[1] == nil)
        table.remove(1, onlyIfReleased: true)
        table.remove(2, onlyIfReleased: true)
        #expect(table.count == 1)
        #expect(table[2] === kept)
        kept = nil
        #expect(table[2] == nil)
    }
}
