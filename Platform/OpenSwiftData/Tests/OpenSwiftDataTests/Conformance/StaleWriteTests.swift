import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Model
final class Maker {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \Gadget.maker) var gadgets: [Gadget] = []

    init(name: String) { self.name = name }
}

@Model
final class Gadget {
    var name: String
    var maker: Maker

    init(name: String, maker: Maker) {
        self.name = name
        self.maker = maker
    }
}

/// A save reports success only for what it wrote: checked against the store, not the
/// context's memory of it. Another context may delete a row this context still holds a
/// model of; a change of that model, or a link to it, has nowhere to go. (SwiftData's
/// save throws on a conflict with another context's save rather than losing the change;
/// OpenSwiftData refuses with `modelNotFound`, naming the model.)
struct StaleWriteTests {
    private let types: [any PersistentModel.Type] = [Maker.self, Gadget.self]

    /// A container with one maker saved, and the maker fetched in a second context.
    private func setUp(_ folder: TemporaryFolder) throws -> (ModelContainer, ModelContext, Maker) {
        let container = try makeContainer(types, folder: folder)
        let setUp = ModelContext(container)
        setUp.insert(Maker(name: "Acme"))
        try setUp.save()
        let context = ModelContext(container)
        let maker = try #require(try context.fetch(FetchDescriptor<Maker>()).first)
        _ = maker.name
        return (container, context, maker)
    }

    private func deleteEverywhere(_ container: ModelContainer) throws {
        let other = ModelContext(container)
        for maker in try other.fetch(FetchDescriptor<Maker>()) { other.delete(maker) }
        try other.save()
    }

    @Test("a change of a model whose row another context deleted fails the save")
    func changeOfDeletedRow() throws {
        let folder = TemporaryFolder()
        let (container, context, maker) = try setUp(folder)
        try deleteEverywhere(container)
        maker.name = "Acme 2"
        expectCause(.modelNotFound(maker.persistentModelID)) { try context.save() }
        #expect(context.hasChanges)
        context.rollback()
        #expect(
            try readStoreFile(folder.file("store.sqlite")) { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM Maker")
            } == 0)
    }

    @Test("a required link to a model whose row another context deleted fails the save, writing nothing")
    func linkToDeletedRow() throws {
        let folder = TemporaryFolder()
        let (container, context, maker) = try setUp(folder)
        try deleteEverywhere(container)
        let gadget = Gadget(name: "Anvil", maker: maker)
        context.insert(gadget)
        expectCause(.modelNotFound(maker.persistentModelID)) { try context.save() }
        let rows = try readStoreFile(folder.file("store.sqlite")) { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM Gadget")
        }
        #expect(rows == 0)
    }

    @Test("a required link to a model deleted earlier in the same context fails the save")
    func linkToModelDeletedHere() throws {
        let folder = TemporaryFolder()
        let (_, context, maker) = try setUp(folder)
        context.delete(maker)
        let gadget = Gadget(name: "Anvil", maker: maker)
        context.insert(gadget)
        expectCause(.requiredRelationshipMissing(entity: "Gadget", relationship: "maker", target: "Maker")) {
            try context.save()
        }
        let rows = try readStoreFile(folder.file("store.sqlite")) { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM Gadget")
        }
        #expect(rows == 0)
    }

    /// A post and a label saved, both read (the post's labels included) by a context that
    /// another context then deletes `deleted` of ("post" or "label") under.
    private func labelsSetUp(_ folder: TemporaryFolder, deleting deleted: String) throws -> (ModelContext, Post, Label)
    {
        let container = try makeContainer([Post.self, Label.self], folder: folder)
        let setUp = ModelContext(container)
        setUp.insert(Post(title: "Hello"))
        setUp.insert(Label(name: "swift"))
        try setUp.save()
        let context = ModelContext(container)
        let post = try #require(try context.fetch(FetchDescriptor<Post>()).first)
        let label = try #require(try context.fetch(FetchDescriptor<Label>()).first)
        #expect(post.labels.isEmpty)
        let other = ModelContext(container)
        if deleted == "post" {
            for post in try other.fetch(FetchDescriptor<Post>()) { other.delete(post) }
        } else {
            for label in try other.fetch(FetchDescriptor<Label>()) { other.delete(label) }
        }
        try other.save()
        return (context, post, label)
    }

    private func joinRows(_ folder: TemporaryFolder) throws -> Int? {
        try readStoreFile(folder.file("store.sqlite")) { db in
            let table = try String.fetchOne(
                db, sql: "SELECT name FROM sqlite_master WHERE name IN ('Post_labels', 'Label_posts')")
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table ?? "missing")")
        }
    }

    @Test("a many-to-many link to a model whose row another context deleted fails the save, writing no join row")
    func manyToManyLinkToDeletedRow() throws {
        let folder = TemporaryFolder()
        let (context, post, label) = try labelsSetUp(folder, deleting: "label")
        post.labels.append(label)
        expectCause(.modelNotFound(label.persistentModelID)) { try context.save() }
        #expect(try joinRows(folder) == 0)
    }

    @Test("a many-to-many link from a model whose row another context deleted fails the save, writing no join row")
    func manyToManyLinkFromDeletedRow() throws {
        let folder = TemporaryFolder()
        let (context, post, label) = try labelsSetUp(folder, deleting: "post")
        label.posts.append(post)
        expectCause(.modelNotFound(post.persistentModelID)) { try context.save() }
        #expect(try joinRows(folder) == 0)
    }
}
