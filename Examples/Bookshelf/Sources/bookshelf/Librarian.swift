import Foundation
import SwiftData

/// Shelves and reads books off the main actor, in a context of its own.
@ModelActor
actor Librarian {
    /// Adds a book, by an author already on the shelf or a new one.
    func shelve(title: String, by name: String) throws {
        let authors = try modelContext.fetch(FetchDescriptor<Author>(predicate: #Predicate { $0.name == name }))
        let author = authors.first ?? Author(name: name, sortName: sortName(of: name))
        modelContext.insert(Book(title: title, author: author))
        try modelContext.save()
    }

    /// Marks the book of this title read; false if the shelf has none.
    func markRead(_ title: String) throws -> Bool {
        var descriptor = FetchDescriptor<Book>(predicate: #Predicate { $0.title == title })
        descriptor.fetchLimit = 1
        guard let book = try modelContext.fetch(descriptor).first else { return false }
        book.isRead = true
        try modelContext.save()
        return true
    }

    /// One line per author, by sort name: the titles in order, read ones marked.
    func catalog() throws -> [String] {
        let authors = try modelContext.fetch(FetchDescriptor<Author>(sortBy: [SortDescriptor(\.sortName)]))
        return authors.map { author in
            let titles = author.books.sorted { $0.title < $1.title }
                .map { $0.isRead ? "\($0.title) (read)" : $0.title }
            return "\(author.sortName): \(titles.joined(separator: "; "))"
        }
    }

    /// How many books are shelved, and how many of them are read.
    func counts() throws -> (books: Int, read: Int) {
        let read = try modelContext.fetchCount(FetchDescriptor<Book>(predicate: #Predicate { $0.isRead }))
        return (try modelContext.fetchCount(FetchDescriptor<Book>()), read)
    }
}
