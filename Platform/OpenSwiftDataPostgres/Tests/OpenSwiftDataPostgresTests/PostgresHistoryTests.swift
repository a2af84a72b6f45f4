import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

@Model
final class Logbook {
    @Attribute(.unique) var code: String
    @Attribute(.preserveValueOnDeletion) var title: String
    var pages: Int
    @Relationship(deleteRule: .cascade, inverse: \LogEntry.book) var entries: [LogEntry] = []
    @Relationship(inverse: \LogTag.books) var tags: [LogTag] = []

    init(code: String, title: String, pages: Int) {
        self.code = code
        self.title = title
        self.pages = pages
    }
}

@Model
final class LogEntry {
    var text: String
    var book: Logbook?

    init(text: String) {
        self.text = text
    }
}

@Model
final class LogTag {
    var name: String
    var books: [Logbook] = []

    init(name: String) {
        self.name = name
    }
}

/// `fetchHistory` on the PostgreSQL store, against the SQLite store's history as the oracle:
/// the same saves record the same transactions, with the same authors, changes, updated
/// properties and tombstones. Then what only several processes show: a save of another
/// container, tokens, deletion, and a save held back while an older transaction runs.
@Suite("PostgreSQL store: history")
struct PostgresHistoryTests {
    private static let models: [any PersistentModel.Type] = [Logbook.self, LogEntry.self, LogTag.self]

    private static func postgres(_ url: String) throws -> ModelContainer {
        try ModelContainer(
            for: Schema(models), configurations: PostgresStoreConfiguration(url: try #require(URL(string: url))))
    }

    /// The property names of an update, through the key paths SwiftData gives.
    private static func names(_ change: any HistoryUpdate) -> [String] {
        let named: [(AnyKeyPath, String)] = [
            (\Logbook.code, "code"), (\Logbook.title, "title"), (\Logbook.pages, "pages"),
            (\Logbook.entries, "entries"), (\Logbook.tags, "tags"), (\LogEntry.text, "text"),
            (\LogEntry.book, "book"), (\LogTag.name, "name"), (\LogTag.books, "books"),
        ]
        let paths: [AnyKeyPath] =
            (change as? DefaultHistoryUpdate<Logbook>)?.updatedAttributes
            ?? (change as? DefaultHistoryUpdate<LogEntry>)?.updatedAttributes
            ?? (change as? DefaultHistoryUpdate<LogTag>)?.updatedAttributes ?? []
        return paths.map { path in named.first { $0.0 == path }?.1 ?? "?" }
    }

    /// A transaction as a reader of the history sees it: its author, and each change with
    /// its model's entity and key, an update's properties, a deleted logbook's title.
    private static func describe(_ transaction: DefaultHistoryTransaction) -> String {
        let changes = transaction.changes.map { change in
            let identifier = change.changedPersistentIdentifier
            let model = "\(identifier.entityName) \(identifier.primaryKey ?? identifier.dataStoreIntegerKey ?? -1)"
            switch change {
            case .insert: return "insert \(model)"
            case .update(let update): return "update \(model) \(names(update))"
            case .delete(let delete):
                let title = (delete as? DefaultHistoryDelete<Logbook>)?.tombstone[\.title]
                return "delete \(model)" + (title.map { " title \($0)" } ?? "")
            }
        }
        return "\(transaction.author ?? "-"): " + changes.joined(separator: "; ")
    }

    /// Four saves: logbooks with entries and a tag shared by both; an edit; a delete that
    /// cascades; an insert of a stored code (an upsert).
    private static func saves(on container: ModelContainer) throws {
        let context = ModelContext(container)
        context.author = "import"
        let tag = LogTag(name: "sea")
        context.insert(tag)
        for (code, title) in [("A", "Atlantic"), ("B", "Baltic")] {
            let book = Logbook(code: code, title: title, pages: 10)
            context.insert(book)
            for line in 1...2 {
                let entry = LogEntry(text: "\(code)\(line)")
                context.insert(entry)
                entry.book = book
            }
            book.tags.append(tag)
        }
        try context.save()

        context.author = "edit"
        let books = try context.fetch(FetchDescriptor<Logbook>(sortBy: [SortDescriptor(\.code)]))
        books[0].pages = 12
        books[0].entries.first { $0.text == "A1" }?.text = "A1, calm"
        try context.save()

        context.author = "tidy"
        context.delete(books[1])
        try context.save()

        context.author = "upsert"
        context.insert(Logbook(code: "A", title: "Atlantic, again", pages: 14))
        try context.save()
    }

    @Test("each save is one transaction of the history, with the changes SQLite's history records")
    func asOnSQLite() async throws {
        let url = try await TestPostgres.newDatabase()
        let folder = TemporaryFolder(prefix: "PostgresHistory")
        let sqlite = try ModelContainer(
            for: Schema(Self.models), configurations: ModelConfiguration(url: folder.file("log.sqlite")))
        let postgres = try Self.postgres(url)
        for container in [postgres, sqlite] {
            try Self.saves(on: container)
            // The upsert left logbook 1 with its two entries, and the tag.
            try container.erase()
        }
        let all = HistoryDescriptor<DefaultHistoryTransaction>()
        // PostgreSQL's read by a container of its own, as another process reads it.
        let histories = [
            try ModelContext(try Self.postgres(url)).fetchHistory(all).map(Self.describe),
            try ModelContext(sqlite).fetchHistory(all).map(Self.describe),
        ]
        #expect(histories[0].count == 5, "\(histories[0])")
        #expect(histories[0] == histories[1])
        #expect(histories[0].dropLast().last?.hasPrefix("upsert: update Logbook 1") == true, "\(histories[0])")
        #expect(histories[0].last?.contains("delete Logbook 1 title Atlantic, again") == true, "\(histories[0])")
    }

    @Test("a reader's token selects the saves after it, of every process; deleted history is gone")
    func tokensAcrossProcesses() async throws {
        let url = try await TestPostgres.newDatabase()
        let writer = ModelContext(try Self.postgres(url))
        writer.author = "first"
        writer.insert(LogTag(name: "one"))
        try writer.save()

        let reader = ModelContext(try Self.postgres(url))
        let seen = try #require(try reader.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last?.token)
        // Another container over the same database: another process.
        let other = ModelContext(try Self.postgres(url))
        other.author = "second"
        other.insert(LogTag(name: "two"))
        try other.save()
        writer.author = "third"
        writer.insert(LogTag(name: "three"))
        try writer.save()

        let after = try reader.fetchHistory(
            HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token > seen }))
        #expect(after.map(\.author) == ["second", "third"])
        #expect(after.flatMap(\.changes).count == 2)

        try reader.deleteHistory(
            HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token <= seen }))
        #expect(
            try ModelContext(try Self.postgres(url)).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).map(
                \.author) == ["second", "third"])
        #expect(
            try await TestPostgres.integer(#"SELECT count(*) FROM "default"._openswiftdata_history_changes"#, on: url)
                == 2)
    }

    @Test(
        "a save is read once every transaction that began writing before it has ended, so that a token never skips one"
    )
    func heldBackByAnOlderTransaction() async throws {
        let url = try await TestPostgres.newDatabase()
        let context = ModelContext(try Self.postgres(url))
        context.author = "before"
        context.insert(LogTag(name: "one"))
        try context.save()
        // Another program's transaction, begun (with a transaction ID) before the next save.
        try await TestPostgres.holding(["BEGIN", "SELECT txid_current()"], on: url) {
            context.author = "during"
            context.insert(LogTag(name: "two"))
            try context.save()
            let read = try ModelContext(try Self.postgres(url)).fetchHistory(
                HistoryDescriptor<DefaultHistoryTransaction>())
            #expect(read.map(\.author) == ["before"])
        }
        let read = try ModelContext(try Self.postgres(url)).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(read.map(\.author) == ["before", "during"])
    }
}
