import Foundation
import Logging
import OpenSwiftDataTesting
import Testing

@testable import OpenSwiftData
@testable import StoreSync

/// One machine's data folder with a store of books and what they relate to, synced as
/// the store `library`.
final class Library {
    let folder: TemporaryFolder
    let container: ModelContainer

    static let schema = Schema([
        Author.self, Publisher.self, Genre.self, Book.self, ReadingList.self, Profile.self,
    ])

    init() throws {
        folder = TemporaryFolder(prefix: "StoreSyncLibrary")
        container = try Self.open(folder)
    }

    /// The same data folder opened again, as the next run of the program would.
    init(reopening other: Library) throws {
        folder = other.folder
        container = try Self.open(folder)
    }

    /// A data folder kept while no library had it open (its store was put back from a
    /// backup meanwhile).
    init(opening folder: TemporaryFolder) throws {
        self.folder = folder
        container = try Self.open(folder)
    }

    private static func open(_ folder: TemporaryFolder) throws -> ModelContainer {
        try ModelContainer(
            for: schema,
            configurations: [
                ModelConfiguration(url: folder.file("library.sqlite"), cloudKitDatabase: .private("iCloud.tests"))
            ])
    }

    /// The domain keys the store is synced with; none unless a test sets them.
    var domainKeys: [String: [String]] = [:]

    var store: SyncedStore { SyncedStore(name: "library", container: container, domainKeys: domainKeys) }

    /// Syncs the store; a sync whose digest check found the store and the server different
    /// fails the test (a divergence).
    @discardableResult
    func sync(
        _ url: String, stoppingAt stop: StoreSyncEngine.Stop? = nil, pullPageSize: Int = RemoteRecords.pageSize,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> StoreSyncReport {
        var engine = StoreSyncEngine(remote: try SyncRemote(url: url), logger: Logger(label: "test"))
        engine.stop = stop
        engine.pullPageSize = pullPageSize
        let report = try await engine.sync([store]).first ?? StoreSyncReport(store: "none")
        #expect(
            report.repaired == 0 && report.unresolved == 0, "the digest check found differences: \(report)",
            sourceLocation: sourceLocation)
        return report
    }

    /// Forgets what the store knows of its to-many fields' elements, as a store last synced
    /// by a release that kept none.
    func forgetLinkElements() async throws {
        try await container.performSyncTransaction(author: nil) { _, metadata in
            try metadata.setValue(nil, named: "storesync.linkBases")
        }
    }

    /// Runs `body` on a new context, then saves it.
    func change(_ body: (ModelContext) throws -> Void) throws {
        let context = ModelContext(container)
        try body(context)
        try context.save()
    }

    func book(_ title: String, in context: ModelContext) throws -> Book {
        guard let book = try context.fetch(FetchDescriptor<Book>(predicate: #Predicate { $0.title == title })).first
        else { throw LibraryError(description: "no book \(title)") }
        return book
    }

    func named<Model: PersistentModel>(_: Model.Type, _ name: String, in context: ModelContext) throws -> Model {
        let all = try context.fetch(FetchDescriptor<Model>())
        guard let model = all.first(where: { Self.name(of: $0) == name }) else {
            throw LibraryError(description: "no \(Model.self) \(name)")
        }
        return model
    }

    private static func name(of model: any PersistentModel) -> String? {
        switch model {
        case let author as Author: author.name
        case let publisher as Publisher: publisher.name
        case let genre as Genre: genre.name
        case let list as ReadingList: list.name
        case let book as Book: book.title
        case let profile as Profile: profile.handle
        default: nil
        }
    }

    /// Every row and link, one line each, sorted: what two machines must agree on.
    func contents() throws -> [String] {
        let context = ModelContext(container)
        func names(_ models: [any PersistentModel]?) -> String {
            (models ?? []).compactMap { Self.name(of: $0) }.sorted().joined(separator: ",")
        }
        var lines: [String] = []
        for author in try context.fetch(FetchDescriptor<Author>()) {
            let profile = author.profile.map { " profile \($0.handle ?? "-")" } ?? ""
            lines.append("author \(author.name ?? "-") books [\(names(author.books))]\(profile)")
        }
        for profile in try context.fetch(FetchDescriptor<Profile>()) {
            lines.append("profile \(profile.handle ?? "-") author \(profile.author?.name ?? "-")")
        }
        for publisher in try context.fetch(FetchDescriptor<Publisher>()) {
            lines.append("publisher \(publisher.name ?? "-") books [\(names(publisher.books))]")
        }
        for genre in try context.fetch(FetchDescriptor<Genre>()) {
            lines.append("genre \(genre.name ?? "-") books [\(names(genre.books))]")
        }
        for list in try context.fetch(FetchDescriptor<ReadingList>()) {
            lines.append("list \(list.name ?? "-") books [\(names(list.books))]")
        }
        for book in try context.fetch(FetchDescriptor<Book>()) {
            lines.append(
                "book \(book.title ?? "-") author \(book.author?.name ?? "-") publisher \(book.publisher?.name ?? "-") "
                    + "genres [\(names(book.genres))]")
        }
        return lines.sorted()
    }

    /// The relationship fields still waiting for their targets.
    func pendingLinks() async throws -> Int {
        try await container.readSyncMetadata { try PendingLinks.read(from: $0).links.count }
    }
}

struct LibraryError: Error, CustomStringConvertible {
    let description: String
}
