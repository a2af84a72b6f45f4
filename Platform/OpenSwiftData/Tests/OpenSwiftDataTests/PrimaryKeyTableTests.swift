import Foundation
import Testing

@testable import OpenSwiftData

@Suite("The identity map's table of models by primary key")
struct PrimaryKeyTableTests {
    /// A note whose backing data has `key` as its primary key, as a fetched model's has.
    static func note(_ key: Int64) -> Note {
        let note = Note(text: "\(key)")
        note.persistentBackingData.primaryKey = key
        return note
    }

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
                let note = Self.note(key)
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
        let notes = keys.map { Self.note($0) }
        for (key, note) in zip(keys, notes) { table.register(note, for: key) }
        #expect(zip(keys, notes).allSatisfy { table[$0] === $1 })
    }

    @Test("removed entries' slots are reclaimed: a table with few live models stays small")
    func tombstonesAreReclaimed() {
        let table = PrimaryKeyTable(for: Note.self)
        let window = 10
        var live: [Int64: Note] = [:]
        // 100,000 distinct keys pass through, at most `window` live at a time: every
        // removal leaves a tombstone, which must not pile up.
        for key in Int64(0)..<100_000 {
            let note = Self.note(key)
            live[key] = note
            table.register(note, for: key)
            if key >= window {
                table.remove(key - Int64(window))
                live[key - Int64(window)] = nil
            }
            #expect(table.count == live.count)
        }
        #expect(table.capacity <= 64)
        for key in Int64(100_000 - 2 * window)..<100_000 {
            #expect(table[key] === live[key], "key \(key)")
        }
    }

    @Test("a table whose models ended starts again small; one with a few left shrinks at its next registration")
    func shrinksAfterAFetchEnds() {
        let table = PrimaryKeyTable(for: Note.self)
        do {
            let notes = (Int64(1)...10_000).map { Self.note($0) }
            for note in notes { table.register(note, for: note.persistentBackingData.primaryKey!) }
            #expect(table.capacity >= 20_000)
        }
        #expect(table.count == 0)
        #expect(table.capacity == 16)
        var kept: [Note] = []
        do {
            let notes = (Int64(1)...10_000).map { Self.note($0) }
            for note in notes { table.register(note, for: note.persistentBackingData.primaryKey!) }
            kept = Array(notes.prefix(10))
        }
        #expect(table.count == 10)
        let next = Self.note(20_000)
        table.register(next, for: 20_000)
        #expect(table.capacity <= 64)
        #expect(kept.allSatisfy { table[$0.persistentBackingData.primaryKey!] === $0 })
        #expect(table[20_000] === next)
    }

    @Test("a probe finds a key's model or its free slot; one taken before a change is not trusted")
    func probeThenRegister() {
        let table = PrimaryKeyTable(for: Note.self)
        let first = Self.note(7)
        first.persistentBackingData.identityTable = table
        let probe = table.probe(7)
        #expect(table.object(at: probe) == nil)
        table.register(first, at: probe)
        #expect(table[7] === first)
        #expect(table.object(at: table.probe(7)) === first)

        // The same key registered between the probe and its use: the probe's free slot
        // is stale, so the registration falls back to a lookup of its own and replaces
        // the entry instead of adding a second one for the key.
        let stale = table.probe(8)
        let other = Self.note(8)
        table.register(other, for: 8)
        let second = Self.note(8)
        second.persistentBackingData.identityTable = table
        #expect(table.object(at: stale) == nil)
        table.register(second, at: stale)
        #expect(table[8] === second)
        #expect(table.count == 2)
        table.remove(8)
        #expect(table[8] == nil)
        #expect(table.count == 1)

        // Many probes through growth and tombstones agree with plain registration.
        var notes: [Int64: Note] = [:]
        for key in Int64(100)..<1_100 {
            let note = Self.note(key)
            note.persistentBackingData.identityTable = table
            notes[key] = note
            let probe = table.probe(key)
            #expect(table.object(at: probe) == nil)
            table.register(note, at: probe)
            if key % 3 == 0 {
                table.remove(key)
                notes[key] = nil
            }
        }
        for key in Int64(100)..<1_100 {
            #expect(table.object(at: table.probe(key)) === notes[key], "key \(key)")
        }
        #expect(table.count == notes.count + 1)
    }

    @Test("models are not kept alive: a model's entry goes when the model ends")
    func entriesDoNotKeepModelsAlive() {
        let table = PrimaryKeyTable(for: Note.self)
        var kept: Note? = Self.note(2)
        var backingOfDropped: ModelBackingData?
        do {
            let dropped = Self.note(1)
            // Something else holds the dropped model's backing data: its entry goes anyway.
            backingOfDropped = dropped.persistentBackingData
            table.register(dropped, for: 1)
            table.register(kept!, for: 2)
            #expect(table.count == 2)
        }
        #expect(table[1] == nil)
        #expect(table.count == 1)
        #expect(table[2] === kept)
        #expect(backingOfDropped?.identityTable == nil)
        kept = nil
        #expect(table[2] == nil)
        #expect(table.count == 0)
    }

    @Test("models that end leave no entry to read: lookups, probes, growth and the live list skip them")
    func droppedModelsAreNotRead() {
        // Entries hold `unowned(unsafe)` references: were a dead model's entry left
        // behind, each read below would read freed memory, which the address sanitizer
        // pass reports.
        let table = PrimaryKeyTable(for: Note.self)
        var kept: [Note] = []
        do {
            var dropped: [Note] = []
            for key in Int64(1)...300 {
                let note = Self.note(key)
                table.register(note, for: key)
                if key.isMultiple(of: 3) { kept.append(note) } else { dropped.append(note) }
            }
            #expect(table.count == 300)
        }
        #expect(table.count == 100)
        for key in Int64(1)...300 {
            #expect(table[key] === (key.isMultiple(of: 3) ? kept[Int(key / 3) - 1] : nil), "key \(key)")
            #expect(table.object(at: table.probe(key)) === table[key])
        }
        // Growth moves the live entries only.
        for key in Int64(301)...1_000 { table.register(Self.note(key), for: key) }
        #expect(table.count == 100)
        #expect(Set(table.liveModels.map { ObjectIdentifier($0) }) == Set(kept.map { ObjectIdentifier($0) }))
    }

    @Test("a model registered again under its key replaces the first, which then leaves no entry behind")
    func replacedModelLeavesNoEntry() {
        let table = PrimaryKeyTable(for: Note.self)
        let second = Self.note(3)
        do {
            let first = Self.note(3)
            table.register(first, for: 3)
            table.register(second, for: 3)
            #expect(first.persistentBackingData.identityTable == nil)
        }
        // The first model ended after it was replaced: the entry is the second's.
        #expect(table[3] === second)
        #expect(table.count == 1)
    }
}
