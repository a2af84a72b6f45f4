import Foundation
import SwiftData
import Testing

// History as SwiftData apps read it: fetch the transactions after the last token seen,
// react to each change, then delete what every reader has seen.

@Model
final class Jotting {
    @Attribute(.preserveValueOnDeletion) var title: String
    var body: String
    var pinned = false

    init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}

@Suite("History")
struct HistoryTests {
    private func container() throws -> (ModelContainer, URL) {
        let folder = FileManager.default.temporaryDirectory.appending(path: "HistoryTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appending(path: "jottings.store")
        return (try ModelContainer(for: Jotting.self, configurations: ModelConfiguration(url: url)), folder)
    }

    private func history(
        _ context: ModelContext, after token: DefaultHistoryToken? = nil
    ) throws -> [DefaultHistoryTransaction] {
        var descriptor = HistoryDescriptor<DefaultHistoryTransaction>()
        if let token {
            descriptor.predicate = #Predicate { transaction in transaction.token > token }
        }
        return try context.fetchHistory(descriptor)
    }

    @Test("each save is a transaction with its inserts, updates (with the properties written) and deletes")
    func insertsUpdatesDeletes() throws {
        let (container, folder) = try container()
        defer { try? FileManager.default.removeItem(at: folder) }
        let context = ModelContext(container)
        context.author = "editor"
        let shopping = Jotting(title: "Shopping", body: "milk")
        context.insert(shopping)
        context.insert(Jotting(title: "Ideas", body: ""))
        try context.save()
        shopping.body = "milk, eggs"
        shopping.pinned = true
        try context.save()
        context.delete(shopping)
        try context.save()

        let transactions = try history(ModelContext(container))
        #expect(transactions.count == 3)
        #expect(transactions.allSatisfy { $0.author == "editor" })
        #expect(transactions.map(\.transactionIdentifier) == transactions.map(\.transactionIdentifier).sorted())

        let inserts = transactions[0].changes.compactMap { change -> PersistentIdentifier? in
            guard case .insert(let insert as DefaultHistoryInsert<Jotting>) = change else { return nil }
            return insert.changedPersistentIdentifier
        }
        #expect(inserts.count == 2)

        guard case .update(let update as DefaultHistoryUpdate<Jotting>) = try #require(transactions[1].changes.first)
        else {
            Issue.record("the second save is not an update of a memo")
            return
        }
        #expect(update.updatedAttributes == [\Jotting.body, \Jotting.pinned])
        #expect(update.changedPersistentIdentifier == inserts[0])

        guard case .delete(let delete as DefaultHistoryDelete<Jotting>) = try #require(transactions[2].changes.first)
        else {
            Issue.record("the third save is not a delete of a memo")
            return
        }
        #expect(delete.changedPersistentIdentifier == inserts[0])
        #expect(delete.tombstone[\.title] == "Shopping")
        #expect(delete.tombstone[\.body] == nil)
    }

    @Test("a token selects the transactions after it; deleteHistory removes the ones before")
    func tokens() throws {
        let (container, folder) = try container()
        defer { try? FileManager.default.removeItem(at: folder) }
        let context = ModelContext(container)
        context.insert(Jotting(title: "One", body: ""))
        try context.save()
        let seen = try #require(try history(context).last?.token)
        let encoded = try JSONEncoder().encode(seen)
        context.insert(Jotting(title: "Two", body: ""))
        try context.save()

        let token = try JSONDecoder().decode(DefaultHistoryToken.self, from: encoded)
        let newer = try history(context, after: token)
        #expect(newer.count == 1)
        #expect(newer.first?.changes.count == 1)

        var old = HistoryDescriptor<DefaultHistoryTransaction>()
        old.predicate = #Predicate { $0.token <= token }
        try context.deleteHistory(old)
        #expect(try history(context).map(\.token) == newer.map(\.token))
        #expect(try context.fetchCount(FetchDescriptor<Jotting>()) == 2)

        // A token from before the deleted transactions does not expire here: it still
        // selects what is left after it, where SwiftData may throw .historyTokenExpired.
        do {
            #expect(try history(context, after: token).map(\.token) == newer.map(\.token))
        } catch let error as SwiftDataError where error == .historyTokenExpired {
            Issue.record("a token expired: \(error)")
        }
    }

    @Test("a descriptor's sortBy and fetchLimit: the newest transaction first, one of them")
    func sortAndLimit() throws {
        let (container, folder) = try container()
        defer { try? FileManager.default.removeItem(at: folder) }
        let context = ModelContext(container)
        for title in ["One", "Two", "Three"] {
            context.author = title
            context.insert(Jotting(title: title, body: ""))
            try context.save()
        }
        var newest = HistoryDescriptor<DefaultHistoryTransaction>()
        newest.sortBy = [SortDescriptor(\.transactionIdentifier, order: .reverse)]
        #expect(try context.fetchHistory(newest).map(\.author) == ["Three", "Two", "One"])
        newest.fetchLimit = 1
        #expect(try context.fetchHistory(newest).map(\.author) == ["Three"])
    }

    @Test("a save of many new models is recorded compactly and read back one insert per model")
    func manyInserts() throws {
        let (container, folder) = try container()
        defer { try? FileManager.default.removeItem(at: folder) }
        let context = ModelContext(container)
        for number in 0..<1_000 { context.insert(Jotting(title: "\(number)", body: "")) }
        try context.save()
        let changes = try #require(try history(context).first).changes
        #expect(changes.count == 1_000)
        #expect(Set(changes.map(\.changedPersistentIdentifier)).count == 1_000)
        #expect(changes.map(\.changeIdentifier) == Array(0..<1_000))
    }

    @Test("erasing the store records a deletion of each model, after the history it keeps")
    func erase() throws {
        let (container, folder) = try container()
        defer { try? FileManager.default.removeItem(at: folder) }
        let context = ModelContext(container)
        let jotting = Jotting(title: "One", body: "")
        context.insert(jotting)
        try context.save()
        let token = try #require(try history(context).last?.token)
        try container.erase()
        // A reader that had read the save learns of the erase from the transactions after it.
        let after = try history(context, after: token)
        #expect(after.count == 1)
        let deletes = after.flatMap(\.changes).compactMap { change -> DefaultHistoryDelete<Jotting>? in
            guard case .delete(let delete) = change else { return nil }
            return delete as? DefaultHistoryDelete<Jotting>
        }
        #expect(deletes.map(\.changedPersistentIdentifier) == [jotting.persistentModelID])
        #expect(deletes.first?.tombstone[\.title] == "One")
        #expect(try history(context).count == 2)
    }
}
