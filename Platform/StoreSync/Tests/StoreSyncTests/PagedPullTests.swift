import Foundation
import OpenSwiftData
import StoreSyncTesting
import Testing

@testable import StoreSync

/// A pull holds one page of records in memory at a time and applies each page in its own
/// local transaction (``StoreSyncEngine/pull(_:into:codecs:records:device:)``).
@Suite("Pulls of several pages")
struct PagedPullTests {
    /// On A: four authors, each with two books, each book in two of three genres. The server
    /// numbers authors first, then books, then genres: pages of three bring books before
    /// the genres they are in.
    private func shelves() throws -> Library {
        let a = try Library()
        try a.change { context in
            let genres = ["scifi", "war", "poetry"].map { Genre(name: $0) }
            for genre in genres { context.insert(genre) }
            for index in 0..<4 {
                let author = Author(name: "author \(index)")
                context.insert(author)
                for volume in 0..<2 {
                    let book = Book(title: "book \(index).\(volume)")
                    context.insert(book)
                    book.author = author
                    book.genres = [genres[(index + volume) % 3], genres[(index + volume + 1) % 3]]
                }
            }
        }
        return a
    }

    @Test(
        "a pull of several pages cut off after its second holds those pages' records, and the next sync goes on from there to A's contents"
    )
    func cutBetweenPages() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try shelves()
        let b = try Library()
        try await a.sync(url)

        await #expect(throws: SyncError.self) {
            try await b.sync(url, stoppingAt: .afterPullPages(2), pullPageSize: 3)
        }
        // Two pages applied, each with its cursor: four authors and two books.
        #expect(try b.contents().count == 6)
        #expect(try await b.pendingLinks() > 0)

        let report = try await b.sync(url, pullPageSize: 3)
        #expect(report.receivedInsertions == 15 - 6)
        #expect(try b.contents() == a.contents())
        #expect(try await b.pendingLinks() == 0)
    }

    @Test("a deletion and an edit pulled in pages of one apply as in one page")
    func pagesOfOne() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try shelves()
        let b = try Library()
        try await a.sync(url)
        try await b.sync(url)
        try a.change { context in
            context.delete(try a.named(Author.self, "author 1", in: context))
            try a.book("book 2.0", in: context).genres = []
            try a.named(Genre.self, "war", in: context).name = "history"
        }
        try await a.sync(url)
        try await b.sync(url, pullPageSize: 1)
        #expect(try b.contents() == a.contents())
        #expect(try await b.pendingLinks() == 0)
    }
}
