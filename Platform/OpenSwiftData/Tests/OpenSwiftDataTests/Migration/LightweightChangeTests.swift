import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

// Inferred lightweight migrations of a Contact entity through the allowed and refused
// changes. Each namespace holds one version of the model.

enum ContactV1 {
    @Model
    final class Contact {
        var name: String
        var email: String?
        var age: Int
        var nickname: String?

        init(name: String, email: String?, age: Int, nickname: String? = nil) {
            self.name = name
            self.email = email
            self.age = age
            self.nickname = nickname
        }
    }
}

/// `name` renamed `fullName`, `age` removed, `email` made optional → stays optional,
/// `score` added with a default.
enum ContactRenamed {
    @Model
    final class Contact {
        @Attribute(originalName: "name") var fullName: String
        var email: String?
        var nickname: String?
        var score: Double = 1.5

        init(fullName: String) { self.fullName = fullName }
    }
}

enum ContactTypeChanged {
    @Model
    final class Contact {
        var name: String
        var email: String?
        var age: String
        var nickname: String?

        init(name: String, age: String) {
            self.name = name
            self.age = age
        }
    }
}

enum ContactUniqueEmail {
    @Model
    final class Contact {
        var name: String
        @Attribute(.unique) var email: String?
        var age: Int
        var nickname: String?

        init(name: String, age: Int) {
            self.name = name
            self.age = age
        }
    }
}

enum ContactUniqueNickname {
    @Model
    final class Contact {
        var name: String
        var email: String?
        var age: Int
        @Attribute(.unique) var nickname: String?

        init(name: String, age: Int) {
            self.name = name
            self.age = age
        }
    }
}

enum ContactRequiredNickname {
    @Model
    final class Contact {
        var name: String
        var email: String?
        var age: Int
        var nickname: String

        init(name: String, age: Int, nickname: String) {
            self.name = name
            self.age = age
            self.nickname = nickname
        }
    }
}

@Suite("Lightweight changes")
struct LightweightChangeTests {
    func writeV1(_ url: URL, nicknames: Bool = false) throws {
        let container = try ModelContainer(for: ContactV1.Contact.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        context.insert(ContactV1.Contact(name: "Ada", email: "a@x", age: 36, nickname: nicknames ? "ada" : nil))
        context.insert(ContactV1.Contact(name: "Bob", email: "a@x", age: 40, nickname: nicknames ? "bob" : nil))
        try context.save()
    }

    @Test("rename with originalName, remove an attribute, add one with a default")
    func allowedChanges() throws {
        let folder = TemporaryFolder()
        let url = folder.file("contacts.sqlite")
        try writeV1(url)
        let container = try ModelContainer(
            for: ContactRenamed.Contact.self, configurations: ModelConfiguration(url: url))
        let statements = container.migrationReport?.stages.first?.statements ?? []
        #expect(statements.contains(#"ALTER TABLE "Contact" RENAME COLUMN "name" TO "fullName""#))
        #expect(statements.contains(#"ALTER TABLE "Contact" DROP COLUMN "age""#))
        #expect(statements.contains(#"ALTER TABLE "Contact" ADD COLUMN "score" REAL DEFAULT 1.5"#))
        let contacts = try ModelContext(container).fetch(
            FetchDescriptor<ContactRenamed.Contact>(sortBy: [SortDescriptor(\.fullName)]))
        #expect(contacts.map(\.fullName) == ["Ada", "Bob"])
        #expect(contacts.map(\.score) == [1.5, 1.5])
        let columns = try readSQL(container) { db in try db.columns(in: "Contact").map(\.name) }
        #expect(columns == ["_pk", "fullName", "email", "nickname", "score"])
    }

    @Test("a type change is refused, naming entity and property")
    func typeChange() throws {
        let folder = TemporaryFolder()
        let url = folder.file("contacts.sqlite")
        try writeV1(url)
        let before = try fileBytes(url)
        #expect {
            _ = try ModelContainer(for: ContactTypeChanged.Contact.self, configurations: ModelConfiguration(url: url))
        } throws: { error in
            guard case .refusedChange("Contact", "age", let reason, _) = (error as? SwiftDataError)?.cause else {
                return false
            }
            return reason == "its type changed from Int to String"
        }
        #expect(try fileBytes(url) == before)
    }

    @Test("a new unique constraint over duplicate values is refused")
    func uniqueOverDuplicates() throws {
        let folder = TemporaryFolder()
        let url = folder.file("contacts.sqlite")
        try writeV1(url)
        let before = try fileBytes(url)
        #expect {
            _ = try ModelContainer(for: ContactUniqueEmail.Contact.self, configurations: ModelConfiguration(url: url))
        } throws: { error in
            guard case .refusedChange("Contact", "email", let reason, _) = (error as? SwiftDataError)?.cause else {
                return false
            }
            return reason.contains("1 values are held by more than one row")
        }
        #expect(try fileBytes(url) == before)
    }

    @Test("a new unique constraint over an attribute every row holds nil in is made: nil is no value rows share")
    func uniqueOverNils() throws {
        let folder = TemporaryFolder()
        let url = folder.file("contacts.sqlite")
        try writeV1(url)
        let container = try ModelContainer(
            for: ContactUniqueNickname.Contact.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        #expect(try context.fetchCount(FetchDescriptor<ContactUniqueNickname.Contact>()) == 2)
        // The unique index the migration made takes more nils, as a store made at this version does.
        context.insert(ContactUniqueNickname.Contact(name: "Cy", age: 3))
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<ContactUniqueNickname.Contact>()) == 3)
    }

    @Test("optional to non-optional is refused while rows hold nil, allowed when none do")
    func optionalToRequired() throws {
        let folder = TemporaryFolder()
        let withNils = folder.file("nils.sqlite")
        try writeV1(withNils)
        #expect {
            _ = try ModelContainer(
                for: ContactRequiredNickname.Contact.self, configurations: ModelConfiguration(url: withNils))
        } throws: { error in
            guard case .refusedChange("Contact", "nickname", let reason, _) = (error as? SwiftDataError)?.cause else {
                return false
            }
            return reason == "it becomes non-optional but 2 rows hold nil"
        }
        let filled = folder.file("filled.sqlite")
        try writeV1(filled, nicknames: true)
        let container = try ModelContainer(
            for: ContactRequiredNickname.Contact.self, configurations: ModelConfiguration(url: filled))
        let nicknames = try ModelContext(container).fetch(FetchDescriptor<ContactRequiredNickname.Contact>())
            .map(\.nickname).sorted()
        #expect(nicknames == ["ada", "bob"])
    }

    @Test("adding an optional attribute does not copy the table")
    func addColumnInPlace() throws {
        let folder = TemporaryFolder()
        let url = folder.file("watchlist.sqlite")
        do {
            let container = try ModelContainer(
                for: Schema(versionedSchema: WatchlistV1.self), configurations: [ModelConfiguration(url: url)])
            let context = ModelContext(container)
            for index in 0..<2000 { context.insert(WatchlistV1.WatchlistMovie(movieID: index, createdAt: .now)) }
            try context.save()
        }
        let rootPage = try DatabaseQueue(path: url.path).read { db in
            try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'WatchlistMovie'")
        }
        let container = try ModelContainer(
            for: Schema(versionedSchema: WatchlistV2.self), configurations: [ModelConfiguration(url: url)])
        let after = try readSQL(container) { db in
            try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'WatchlistMovie'")
        }
        #expect(after == rootPage, "the table's b-tree is the same one")
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<WatchlistV2.WatchlistMovie>()) == 2000)
    }
}

@Suite("CloudKit constraints")
struct CloudKitConstraintTests {
    @Model
    final class Violating {
        @Attribute(.unique) var code: String?
        var title: String
        @Relationship(deleteRule: .deny) var owner: Owner?
        var required: Owner

        init(title: String, required: Owner) {
            self.title = title
            self.required = required
        }
    }

    @Model
    final class Owner {
        var name: String?
        var items: [Violating]?

        init() {}
    }

    @Test("every violation is reported in one error")
    func violations() throws {
        let folder = TemporaryFolder()
        let configuration = ModelConfiguration(
            url: folder.file("s.sqlite"), cloudKitDatabase: .private("iCloud.uk.co.adam-young.Popcorn"))
        #expect {
            _ = try ModelContainer(for: Schema([Violating.self]), configurations: [configuration])
        } throws: { error in
            guard case .cloudKitConstraintViolations(let violations) = (error as? SwiftDataError)?.cause else {
                return false
            }
            return violations == [
                "Violating.code is unique (@Attribute(.unique)); CloudKit cannot enforce uniqueness",
                "Violating.title must be optional or have a default value",
                "Violating.owner uses the .deny delete rule, which CloudKit does not support",
                "Violating.required is a relationship and must be optional",
            ]
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("s.sqlite").path))
        // The seeds' CloudKit models comply.
        _ = try ModelContainer(
            for: Schema([MoviesWatchlistMovieEntity.self, SearchMediaSearchHistoryEntryEntity.self]),
            configurations: [
                ModelConfiguration(url: folder.file("ok.sqlite"), cloudKitDatabase: .private("iCloud.x"))
            ])
        // `.automatic` resolves to no CloudKit on Linux, and `.none` is local.
        _ = try ModelContainer(
            for: Schema([Violating.self]),
            configurations: [ModelConfiguration(url: folder.file("local.sqlite"), cloudKitDatabase: .automatic)])
    }
}
