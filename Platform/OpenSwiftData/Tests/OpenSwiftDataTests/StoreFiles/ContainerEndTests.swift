import Foundation
import OpenSwiftDataTesting
import Testing

@testable import OpenSwiftData

/// A container the app lets go of ends, its main context too, and its store's files close:
/// the container holds its main context, which does not hold the container back. What the app
/// keeps (the main context, or its models) keeps working.
@MainActor
@Suite("A container's end closes its store's files")
struct ContainerEndTests {
    /// How many of this process's open files are under `folder` (the store and its journal).
    private static func openFiles(under folder: URL) -> Int {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.count { descriptor in
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
            return target?.hasPrefix(folder.path) == true
        }
    }

    /// Lets the main actor run the main context's autosave, which holds its container until
    /// it ran.
    private static func letAutosaveRun() async throws {
        try await Task.sleep(for: .milliseconds(50))
    }

    private static func container(in folder: TemporaryFolder) throws -> ModelContainer {
        try ModelContainer(
            for: Ledger.self, LedgerEntry.self, configurations: ModelConfiguration(url: folder.file("books.store")))
    }

    @Test("a container whose main context inserted, saved and fetched closes its files once let go of")
    func mainContextUsed() async throws {
        let folder = TemporaryFolder()
        do {
            let container = try Self.container(in: folder)
            container.mainContext.insert(Ledger(title: "Household"))
            try container.mainContext.save()
            #expect(try container.mainContext.fetch(FetchDescriptor<Ledger>()).count == 1)
            #expect(Self.openFiles(under: folder.url) > 0)
        }
        try await Self.letAutosaveRun()
        #expect(Self.openFiles(under: folder.url) == 0)
    }

    @Test("the main context is one context for as long as its container lives, its unsaved changes included")
    func oneMainContext() throws {
        let folder = TemporaryFolder()
        let container = try Self.container(in: folder)
        container.mainContext.autosaveEnabled = false
        container.mainContext.insert(Ledger(title: "Household"))
        #expect(container.mainContext === container.mainContext)
        #expect(!container.mainContext.autosaveEnabled)
        #expect(container.mainContext.insertedModelsArray.count == 1)
    }

    @Test("a main context kept after its container was let go of still saves, and closes the files when let go of")
    func mainContextKept() async throws {
        let folder = TemporaryFolder()
        var context: ModelContext? = try Self.container(in: folder).mainContext
        context?.insert(Ledger(title: "Household"))
        try context?.save()
        #expect(context?.container.schema.entities.count == 2)
        #expect(try ModelContext(try Self.container(in: folder)).fetchCount(FetchDescriptor<Ledger>()) == 1)
        context = nil
        try await Self.letAutosaveRun()
        #expect(Self.openFiles(under: folder.url) == 0)
    }

    @Test("a main context's model kept after its container and context were let go of reads its entries and saves")
    func modelKept() throws {
        let folder = TemporaryFolder()
        var ledger: Ledger?
        do {
            let container = try Self.container(in: folder)
            let made = Ledger(title: "Household")
            container.mainContext.insert(made)
            made.entries = [LedgerEntry(amount: 5), LedgerEntry(amount: 7)]
            try container.mainContext.save()
            ledger = try container.mainContext.fetch(FetchDescriptor<Ledger>()).first
        }
        let kept = try #require(ledger)
        #expect(kept.entries.map(\.amount).sorted() == [5, 7])
        kept.title = "Home"
        try kept.modelContext?.save()
        #expect(
            try ModelContext(try Self.container(in: folder)).fetch(FetchDescriptor<Ledger>()).map(\.title) == ["Home"])
        ledger = nil
        _ = kept
    }
}
