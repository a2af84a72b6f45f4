import Foundation
import OpenSwiftData

// The models of the stress tests. Those tests use OpenSwiftData's public API only, so
// that they hold whatever the storage behind it becomes.

/// A shelf and its volumes: a to-many relationship with a to-one inverse.
@Model
final class StressShelf {
    @Attribute(.unique) var name: String
    var position: Int
    @Relationship(deleteRule: .cascade, inverse: \StressVolume.shelf) var volumes: [StressVolume] = []

    init(name: String, position: Int) {
        self.name = name
        self.position = position
    }
}

/// A link of a chain: a to-one relationship to its own entity, without an inverse, so
/// that two links can refer to each other through it alone.
@Model
final class StressLink {
    var name: String
    @Relationship(inverse: nil) var next: StressLink?

    init(name: String) {
        self.name = name
    }
}

/// A volume: its initial value `echo` runs the action armed on the thread that creates
/// the model (``ReentrantAction``), as an initializer that fetches would.
@Model
final class StressVolume {
    #Index<StressVolume>([\.number])
    var title: String
    var number: Int
    var shelf: StressShelf?
    var echo: Int = ReentrantAction.run()
    /// Runs the armed action when set, as a `didSet` that fetches would.
    @Transient var selection: Int = 0 {
        didSet { selectionEcho = ReentrantAction.run() }
    }
    @Transient var selectionEcho: Int = 0

    init(title: String, number: Int) {
        self.title = title
        self.number = number
    }
}

/// Work a model's initial value or `didSet` does, armed by a test for the thread it runs
/// on (initializers of fetched models run on the thread that fetches). While the action
/// runs it is disarmed, so that the models it creates itself do not run it again.
enum ReentrantAction {
    private static let key = "OpenSwiftDataTests.ReentrantAction"

    /// Arms `action` for the models created or changed on this thread until `disarm()`.
    static func arm(_ action: @escaping () -> Int) {
        Thread.current.threadDictionary[key] = action
    }

    static func disarm() {
        Thread.current.threadDictionary[key] = nil
    }

    /// Runs the armed action and returns its result, or 0 when none is armed.
    static func run() -> Int {
        guard let action = Thread.current.threadDictionary[key] as? () -> Int else { return 0 }
        disarm()
        defer { arm(action) }
        return action()
    }
}

/// The shelves and volumes a stress test starts from: shelf `s` is named "shelf s", at
/// position `s`, and holds volumes numbered `s * volumesEach ..< (s + 1) * volumesEach`.
enum StressLibrary {
    static let types: [any PersistentModel.Type] = [StressShelf.self, StressVolume.self]

    static func title(_ number: Int) -> String { "volume \(number)" }

    static func seed(_ container: ModelContainer, shelves: Range<Int>, volumesEach: Int) throws {
        let context = ModelContext(container)
        for position in shelves {
            let shelf = StressShelf(name: "shelf \(position)", position: position)
            context.insert(shelf)
            for number in position * volumesEach..<(position + 1) * volumesEach {
                let volume = StressVolume(title: title(number), number: number)
                context.insert(volume)
                volume.shelf = shelf
            }
        }
        try context.save()
    }
}
