import Foundation
import SwiftData
import Testing

@Model
final class Reading {
    var value: Double

    init(value: Double) {
        self.value = value
    }
}

@ModelActor
actor ReadingRecorder {
    func enableAutosave() {
        modelContext.autosaveEnabled = true
    }

    /// Inserts without saving: autosave writes it.
    func record(_ value: Double) {
        modelContext.insert(Reading(value: value))
    }

    func hasChanges() -> Bool {
        modelContext.hasChanges
    }
}

@Suite("Autosave of contexts other than the main context")
struct AutosaveTests {
    private func container() throws -> ModelContainer {
        try ModelContainer(for: Reading.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }

    private func savedValues(_ container: ModelContainer) throws -> [Double] {
        try ModelContext(container).fetch(FetchDescriptor<Reading>(sortBy: [SortDescriptor(\.value)])).map(\.value)
    }

    @Test("a model actor's context with autosave on saves after the work the actor ran")
    func actorContextAutosaves() async throws {
        let container = try container()
        let recorder = ReadingRecorder(modelContainer: container)
        await recorder.record(1)
        // Autosave is off by default for an actor's context.
        #expect(await recorder.hasChanges())
        #expect(try savedValues(container) == [])
        await recorder.enableAutosave()
        await recorder.record(2)
        // The actor saves once the job that inserted has run, as the main context saves
        // after its turn: soon after the call returns.
        for _ in 0..<200 where try savedValues(container) != [1, 2] {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(try savedValues(container) == [1, 2])
        #expect(await !recorder.hasChanges())
    }

    @Test("a context with autosave on saves when the app lets go of it")
    func releasedContextAutosaves() throws {
        let container = try container()
        do {
            let context = ModelContext(container)
            context.autosaveEnabled = true
            context.insert(Reading(value: 3))
        }
        #expect(try savedValues(container) == [3])
    }
}
