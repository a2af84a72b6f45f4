import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Model
final class Post {
    var title: String
    @Relationship(inverse: \Label.posts) var labels: [Label] = []

    init(title: String) { self.title = title }
}

@Model
final class Label {
    @Attribute(.unique) var name: String
    var posts: [Post] = []

    init(name: String) { self.name = name }
}

/// Links as an app makes them: find-or-create of a unique value, several contexts editing
/// one model's links, and models held across saves. Checked on the store file, through a
/// connection of the test's own.
///
/// Sources: SwiftData's unique attributes upsert ("Adding and editing persistent data in
/// your app", and WWDC23 "Model your schema with SwiftData": a model inserted with the
/// unique value of a stored one updates that row), which never removes the row's other
/// links; a to-many relationship's change is the models the app added and removed.
struct LinkSavingTests {
    private let types: [any PersistentModel.Type] = [Post.self, Label.self]

    /// The posts each label links to, as stored: `label: post, post`.
    private func storedLinks(_ url: URL) throws -> [String] {
        try readStoreFile(url) { db -> [String] in
            let table = try #require(
                try String.fetchOne(
                    db, sql: "SELECT name FROM sqlite_master WHERE name IN ('Post_labels', 'Label_posts')"))
            let (post, label) = table == "Post_labels" ? ("source", "target") : ("target", "source")
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT Label.name, group_concat(Post.title, ',') FROM \(table) AS link \
                    JOIN Label ON Label._pk = link.\(label) JOIN Post ON Post._pk = link.\(post) \
                    GROUP BY Label.name ORDER BY Label.name
                    """
            ).map { row in
                let label: String = row[0]
                let posts: String = row[1]
                return "\(label): \(posts.split(separator: ",").sorted().joined(separator: ","))"
            }
        }
    }

    @Test("find-or-create of a stored label links the new post and keeps the other post's link")
    func findOrCreateKeepsOtherLinks() throws {
        let folder = TemporaryFolder()
        let url = folder.file("posts.sqlite")
        let container = try makeContainer(types, folder: folder, name: "posts.sqlite")
        let setUp = ModelContext(container)
        let first = Post(title: "a")
        setUp.insert(first)
        first.labels = [Label(name: "swift")]
        try setUp.save()

        let context = ModelContext(container)
        let second = Post(title: "b")
        context.insert(second)
        second.labels = [Label(name: "swift")]
        try context.save()
        #expect(try storedLinks(url) == ["swift: a,b"])
        #expect(try readStoreFile(url) { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM Label") } == 1)
        // The post's label is the row's model, and reads the row's links.
        let label = try #require(second.labels.first)
        #expect(Set(label.posts.map(\.title)) == ["a", "b"])

        // A later change of the post keeps its link to the label.
        second.labels.append(Label(name: "ios"))
        try context.save()
        #expect(try storedLinks(url) == ["ios: b", "swift: a,b"])
    }

    @Test("find-or-create while the context holds the stored label points the post at the held label")
    func findOrCreateWithHeldLabel() throws {
        let folder = TemporaryFolder()
        let url = folder.file("posts.sqlite")
        let container = try makeContainer(types, folder: folder, name: "posts.sqlite")
        let setUp = ModelContext(container)
        let first = Post(title: "a")
        setUp.insert(first)
        first.labels = [Label(name: "swift")]
        try setUp.save()

        let context = ModelContext(container)
        let held = try #require(try context.fetch(FetchDescriptor<Label>()).first)
        #expect(held.posts.map(\.title) == ["a"])
        let second = Post(title: "b")
        context.insert(second)
        second.labels = [Label(name: "swift")]
        try context.save()
        #expect(try storedLinks(url) == ["swift: a,b"])
        #expect(second.labels.first === held)
        #expect(Set(held.posts.map(\.title)) == ["a", "b"])

        second.title = "b2"
        second.labels.append(Label(name: "ios"))
        try context.save()
        #expect(try storedLinks(url) == ["ios: b2", "swift: a,b2"])
    }

    @Test("two contexts that each add a label to one post keep both labels")
    func concurrentAdds() throws {
        let folder = TemporaryFolder()
        let url = folder.file("posts.sqlite")
        let container = try makeContainer(types, folder: folder, name: "posts.sqlite")
        let setUp = ModelContext(container)
        let post = Post(title: "a")
        setUp.insert(post)
        for name in ["old", "x", "y"] { setUp.insert(Label(name: name)) }
        post.labels = try setUp.fetch(FetchDescriptor<Label>(predicate: #Predicate { $0.name == "old" }))
        try setUp.save()

        func open() throws -> (ModelContext, Post) {
            let context = ModelContext(container)
            let post = try #require(try context.fetch(FetchDescriptor<Post>()).first)
            _ = post.labels
            return (context, post)
        }
        func label(_ name: String, in context: ModelContext) throws -> Label {
            try #require(try context.fetch(FetchDescriptor<Label>(predicate: #Predicate { $0.name == name })).first)
        }
        let (first, firstPost) = try open()
        let (second, secondPost) = try open()
        firstPost.labels.append(try label("x", in: first))
        // Through the inverse: the label's side of the same join table.
        try label("y", in: second).posts.append(secondPost)
        try first.save()
        try second.save()
        #expect(try storedLinks(url) == ["old: a", "x: a", "y: a"])

        // One context removes a label while another adds one: both changes stay.
        let (third, thirdPost) = try open()
        let (fourth, fourthPost) = try open()
        thirdPost.labels.removeAll { $0.name == "old" }
        fourthPost.labels.removeAll { $0.name == "x" }
        try third.save()
        try fourth.save()
        #expect(try storedLinks(url) == ["y: a"])
    }
}
