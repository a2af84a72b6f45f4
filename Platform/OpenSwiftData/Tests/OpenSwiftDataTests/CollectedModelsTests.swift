import Foundation
import Testing

@testable import OpenSwiftData

/// A fetch's models kept alive once each, until handed over or let go.
@Suite("The models a fetch collects")
struct CollectedModelsTests {
    @Test("handed over as an array: the same models, in order, kept alive by the array alone")
    func handedOver() {
        weak var first: Note?
        weak var last: Note?
        var array: [Note] = []
        do {
            var collected = CollectedModels()
            let notes = (0..<5).map { Note(text: "note \($0)") }
            (first, last) = (notes.first, notes.last)
            for note in notes { collected.append(note) }
            #expect(collected.count == 5)
            array = collected.array(of: Note.self)
        }
        #expect(array.map(\.text) == (0..<5).map { "note \($0)" })
        #expect(first === array.first && last === array.last)
        array = []
        // The array held the collection's one retain of each: none is left behind.
        #expect(first == nil && last == nil)
    }

    @Test("a collection that ends before handing over, as when a fetch fails, lets its models go")
    func letGoWhenNotHandedOver() {
        weak var kept: Note?
        do {
            var collected = CollectedModels()
            let note = Note(text: "dropped")
            kept = note
            collected.append(note)
        }
        #expect(kept == nil)
    }
}
