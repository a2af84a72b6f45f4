import Foundation
import OpenSwiftData
import Testing

@Model
final class UndoFolder {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \UndoItem.folder) var items: [UndoItem] = []

    init(name: String) {
        self.name = name
    }
}

@Model
final class UndoItem {
    var title: String
    var rank: Int
    var folder: UndoFolder?
    @Relationship(inverse: \UndoTag.items) var tags: [UndoTag] = []

    init(title: String, rank: Int) {
        self.title = title
        self.rank = rank
    }
}

@Model
final class UndoTag {
    var label: String
    var items: [UndoItem] = []

    init(label: String) {
        self.label = label
    }
}

/// Random sequences of changes, each one undo step, with saves in between: undoing them one
/// by one goes back through every state the sequence went through, saves or not, and redoing
/// them comes forward again; what is saved at either end is that state.
@Suite("Generated sequences undone and redone")
struct UndoSequenceTests {
    /// The models a context shows (its fetches include its unsaved changes), as text:
    /// names are unique, so two states are equal exactly when their texts are.
    private static func describe(_ context: ModelContext) throws -> String {
        let folders = try context.fetch(FetchDescriptor<UndoFolder>()).map { folder in
            "\(folder.name)[\(folder.items.map(\.title).sorted().joined(separator: ","))]"
        }
        let items = try context.fetch(FetchDescriptor<UndoItem>()).map { item in
            "\(item.title)#\(item.rank)@\(item.folder?.name ?? "-")"
                + "{\(item.tags.map(\.label).sorted().joined(separator: ","))}"
        }
        let tags = try context.fetch(FetchDescriptor<UndoTag>()).map { tag in
            "\(tag.label)<\(tag.items.map(\.title).sorted().joined(separator: ","))>"
        }
        return (folders.sorted() + items.sorted() + tags.sorted()).joined(separator: " ")
    }

    /// Makes one change, always a real one (it changes the description and registers at
    /// least one undo action); false when there was nothing to change.
    private static func change(
        _ context: ModelContext, _ generator: inout SeededGenerator, counter: inout Int
    ) throws -> Bool {
        counter += 1
        let folders = try context.fetch(FetchDescriptor<UndoFolder>())
        let items = try context.fetch(FetchDescriptor<UndoItem>())
        let tags = try context.fetch(FetchDescriptor<UndoTag>())
        switch generator.index(10) {
        case 0:
            context.insert(UndoFolder(name: "folder\(counter)"))
        case 1:
            let item = UndoItem(title: "item\(counter)", rank: counter)
            if let folder = folders.randomElement(using: &generator) {
                folder.items.append(item)
            } else {
                context.insert(item)
            }
        case 2:
            guard let item = items.randomElement(using: &generator) else { return false }
            item.title = "item\(counter)"
        case 3:
            guard let item = items.randomElement(using: &generator) else { return false }
            item.rank += 1
        case 4:
            guard let item = items.randomElement(using: &generator) else { return false }
            let others = folders.filter { $0 !== item.folder }
            guard let folder = others.randomElement(using: &generator) else { return false }
            item.folder = folder
        case 5:
            guard let item = items.randomElement(using: &generator) else { return false }
            context.delete(item)
        case 6:
            guard let folder = folders.randomElement(using: &generator) else { return false }
            context.delete(folder)
        case 7:
            guard let item = items.randomElement(using: &generator) else { return false }
            if generator.chance(30) || tags.isEmpty {
                item.tags.append(UndoTag(label: "tag\(counter)"))
            } else {
                let tag = tags[generator.index(tags.count)]
                guard !item.tags.contains(where: { $0 === tag }) else { return false }
                tag.items.append(item)
            }
        case 8:
            guard let item = items.first(where: { !$0.tags.isEmpty }) else { return false }
            item.tags.removeLast()
        default:
            guard let tag = tags.randomElement(using: &generator) else { return false }
            context.delete(tag)
        }
        return true
    }

    @Test("undo goes back through every state, redo forward, across saves", arguments: 0..<48)
    func undoRedoSequence(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let container = try makeInMemoryContainer([UndoFolder.self, UndoItem.self, UndoTag.self])
        let context = ModelContext(container)
        let undoManager = UndoManager()
        context.undoManager = undoManager
        var counter = 0
        var states = [try Self.describe(context)]
        while states.count < 40 {
            if generator.chance(20) { try context.save() }
            guard try Self.change(context, &generator, counter: &counter) else { continue }
            context.processPendingChanges()
            states.append(try Self.describe(context))
        }

        for (step, expected) in states.enumerated().dropLast().reversed() {
            if generator.chance(20) { try context.save() }
            undoManager.undo()
            try #require(try Self.describe(context) == expected, "seed \(seed), undo back to state \(step)")
        }
        #expect(!undoManager.canUndo)
        try context.save()
        #expect(try Self.describe(ModelContext(container)) == states[0], "seed \(seed)")

        for (step, expected) in states.enumerated().dropFirst() {
            if generator.chance(20) { try context.save() }
            undoManager.redo()
            try #require(try Self.describe(context) == expected, "seed \(seed), redo to state \(step)")
        }
        try context.save()
        #expect(try Self.describe(ModelContext(container)) == states.last, "seed \(seed)")
    }
}
