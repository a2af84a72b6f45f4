import OpenSwiftData
import Testing

/// The container whose main context a test holds models in, and the container another context
/// edits them through: the same one, or another on the same database, whose saves reach the
/// main one through the server (as another process's do). Counts the saves the main container
/// announces, so that a test waits for another container's saves to arrive.
@MainActor
final class EditingSide {
    let main: ModelContainer
    let editor: ModelContainer
    private let announced = Counter()
    private let counting: Task<Void, Never>
    /// The saves announced before the editor's edits (``checkpoint()``).
    private var mark = 0

    @MainActor
    private final class Counter {
        var value = 0
    }

    init(main: ModelContainer, editor: ModelContainer) {
        self.main = main
        self.editor = editor
        let (changes, announced) = (main.changes(), announced)
        counting = Task { for await _ in changes { announced.value += 1 } }
    }

    deinit { counting.cancel() }

    /// Whether the editor's saves reach the main container through the server.
    private var isExternal: Bool { editor !== main }

    /// Lets the main actor run the merges and the counting that saves scheduled.
    private func endTurn() async {
        for _ in 0..<10 { await Task.yield() }
    }

    /// Waits until the main container hears the editor's saves: the editor erases its (empty)
    /// store until the main one announces it, for at most 10 seconds.
    func awaitListening() async throws {
        for _ in 0..<40 {
            let before = announced.value
            try editor.erase()
            for _ in 0..<25 where announced.value == before { try await Task.sleep(for: .milliseconds(10)) }
            if announced.value > before { return }
        }
        Issue.record("the main container did not hear the other container's saves within 10 s")
    }

    /// Marks where the editor's edits start: the main context's own saves are counted.
    func checkpoint() async {
        await endTurn()
        mark = announced.value
    }

    /// Waits until the main container announced the editor's `count` saves since the
    /// ``checkpoint()`` (at once for the same container), then lets the merges run. The
    /// notices of another container may take seconds on two busy cores (a full run once
    /// took over 10 s); a minute without them is a failure.
    func settle(saves count: Int) async throws {
        if isExternal {
            let deadline = ContinuousClock.now + .seconds(60)
            while announced.value < mark + count, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(announced.value >= mark + count, "the other container's saves did not arrive within 60 s")
        }
        await endTurn()
    }
}
