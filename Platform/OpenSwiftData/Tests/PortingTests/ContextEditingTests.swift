import Foundation
import SwiftData
import Synchronization
import Testing

@Model
final class EditingMemo {
    var text: String

    init(text: String) {
        self.text = text
    }
}

@Suite("ModelContext's editing state, save notifications and errors, as SwiftData declares them")
struct ContextEditingTests {
    private func container() throws -> ModelContainer {
        try ModelContainer(for: EditingMemo.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }

    @Test("editingState's author is the author the context's saves record")
    func editingStateAuthor() throws {
        let context = ModelContext(try container())
        var state = context.editingState
        #expect(state.author == nil)
        state.author = "importer"
        context.editingState = state
        #expect(context.author == "importer")
        #expect(context.editingState.id == state.id)
        context.insert(EditingMemo(text: "a"))
        try context.save()
        let history = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(history.last?.author == "importer")
    }

    @Test("willSave and didSave are posted with the context as object, and didSave with every identifier key")
    func saveNotifications() throws {
        let context = ModelContext(try container())
        let memo = EditingMemo(text: "first")
        context.insert(memo)
        try context.save()
        memo.text = "changed"
        let added = EditingMemo(text: "second")
        context.insert(added)
        let seen = SeenNotifications()
        let observers = [ModelContext.willSave, ModelContext.didSave].map { name in
            NotificationCenter.default.addObserver(forName: name, object: context, queue: nil) { seen.record($0) }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        try context.save()
        #expect(seen.names == [ModelContext.willSave, ModelContext.didSave])
        #expect(seen.objects == [ObjectIdentifier(context), ObjectIdentifier(context)])
        let inserted = seen.identifiers[ModelContext.NotificationKey.insertedIdentifiers.rawValue]
        let updated = seen.identifiers[ModelContext.NotificationKey.updatedIdentifiers.rawValue]
        let deleted = seen.identifiers[ModelContext.NotificationKey.deletedIdentifiers.rawValue]
        #expect(inserted == [added.persistentModelID])
        #expect(updated == [memo.persistentModelID])
        #expect(deleted == [])
    }

    @Test("SwiftDataError has SwiftData's fetch and store members")
    func errorMembers() {
        let errors: [SwiftDataError] = [
            .sortingPendingChangesWithIdentifiers, .invalidTransactionFetchRequest, .unknownDataStoreSchema,
            .includePendingChangesWithBatchSize, .historyTokenExpired, .backwardMigration,
            .configurationFileNameContainsInvalidCharacters, .configurationFileNameTooLong,
        ]
        #expect(Set(errors).count == errors.count)
    }

    @Test("a configuration name that cannot be a file name is refused, and a switch matches the error's kind")
    func configurationNames() {
        func kind(of name: String) -> String {
            do {
                _ = try ModelContainer(for: EditingMemo.self, configurations: ModelConfiguration(name))
                return "opened"
            } catch {
                switch error {
                case SwiftDataError.configurationFileNameContainsInvalidCharacters: return "invalid characters"
                case SwiftDataError.configurationFileNameTooLong: return "too long"
                default: return "\(error)"
                }
            }
        }
        #expect(kind(of: "notes/2024") == "invalid characters")
        #expect(kind(of: String(repeating: "n", count: 300)) == "too long")
    }

    @Test("a batched fetch that includes pending changes is refused while the context has some")
    func batchedFetchWithPendingChanges() throws {
        let context = ModelContext(try container())
        context.insert(EditingMemo(text: "saved"))
        try context.save()
        context.insert(EditingMemo(text: "pending"))
        #expect(throws: SwiftDataError.includePendingChangesWithBatchSize) {
            try context.fetch(FetchDescriptor<EditingMemo>(), batchSize: 10)
        }
        var storeOnly = FetchDescriptor<EditingMemo>()
        storeOnly.includePendingChanges = false
        #expect(try context.fetch(storeOnly, batchSize: 10).map(\.text) == ["saved"])
        try context.save()
        #expect(try context.fetch(FetchDescriptor<EditingMemo>(), batchSize: 10).count == 2)
    }

    @Test("a container's configurations are a set, as SwiftData types them")
    func configurationsAreASet() throws {
        let configuration = ModelConfiguration(isStoredInMemoryOnly: true)
        let container = try ModelContainer(for: EditingMemo.self, configurations: configuration)
        let configurations: Set<ModelConfiguration> = container.configurations
        #expect(configurations == [configuration])
    }
}

/// What save notifications carried; observers may run on any thread.
final class SeenNotifications: Sendable {
    private let state = Mutex<
        (names: [Notification.Name], objects: [ObjectIdentifier?], identifiers: [String: [PersistentIdentifier]])
    >(([], [], [:]))

    func record(_ notification: Notification) {
        let object = notification.object.map { ObjectIdentifier($0 as AnyObject) }
        var identifiers: [String: [PersistentIdentifier]] = [:]
        for (key, value) in notification.userInfo ?? [:] {
            if let key = key as? String, let value = value as? [PersistentIdentifier] { identifiers[key] = value }
        }
        state.withLock {
            $0.names.append(notification.name)
            $0.objects.append(object)
            $0.identifiers.merge(identifiers) { $1 }
        }
    }

    var names: [Notification.Name] { state.withLock { $0.names } }
    var objects: [ObjectIdentifier?] { state.withLock { $0.objects } }
    var identifiers: [String: [PersistentIdentifier]] { state.withLock { $0.identifiers } }
}
