import Foundation
import Testing

@testable import OpenSwiftData

/// A badge whose holder is optional, then required.
enum BadgeVersionOne {
    @Model
    final class Holder {
        var name: String
        init(name: String) { self.name = name }
    }

    @Model
    final class Badge {
        var title: String
        var holder: Holder?
        init(title: String, holder: Holder? = nil) {
            self.title = title
            self.holder = holder
        }
    }
}

/// The badge of version one, without any holder.
enum BadgeVersionZero {
    @Model
    final class Holder {
        var name: String
        init(name: String) { self.name = name }
    }

    @Model
    final class Badge {
        var title: String
        init(title: String) { self.title = title }
    }
}

enum BadgeVersionTwo {
    @Model
    final class Holder {
        var name: String
        init(name: String) { self.name = name }
    }

    @Model
    final class Badge {
        var title: String
        var holder: Holder
        init(title: String, holder: Holder) {
            self.title = title
            self.holder = holder
        }
    }
}

/// A lightweight migration that makes `var holder: Holder?` a `var holder: Holder` over
/// rows with no holder is refused, as it is for an attribute: those rows could not be read
/// as the new version's models. (SwiftData's lightweight migration cannot make a
/// relationship required over rows that have none: Core Data's inferred mapping fails
/// validation of the mandatory relationship. OpenSwiftData refuses it before it writes.)
struct RequiredLinkMigrationTests {
    private func writeVersionOne(_ url: URL, withoutHolder: Bool) throws {
        let container = try ModelContainer(
            for: BadgeVersionOne.Badge.self, BadgeVersionOne.Holder.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let holder = BadgeVersionOne.Holder(name: "Ada")
        context.insert(BadgeVersionOne.Badge(title: "first", holder: holder))
        if withoutHolder { context.insert(BadgeVersionOne.Badge(title: "nobody's")) }
        try context.save()
    }

    @Test("refused while a row has no holder; the store is left as it was")
    func refusedOverRowsWithoutHolder() throws {
        let folder = TemporaryFolder()
        let url = folder.file("badges.sqlite")
        try writeVersionOne(url, withoutHolder: true)
        let before = try fileBytes(url)
        #expect {
            _ = try ModelContainer(
                for: BadgeVersionTwo.Badge.self, BadgeVersionTwo.Holder.self,
                configurations: ModelConfiguration(url: url))
        } throws: { error in
            guard case .refusedChange("Badge", "holder", let reason, _) = (error as? SwiftDataError)?.cause else {
                return false
            }
            return reason == "it becomes non-optional but 1 rows refer to no model"
        }
        #expect(try fileBytes(url) == before)
    }

    @Test("a new required holder over existing rows is refused; the store is left as it was")
    func newRequiredRelationshipOverRows() throws {
        let folder = TemporaryFolder()
        let url = folder.file("badges.sqlite")
        do {
            let container = try ModelContainer(
                for: BadgeVersionZero.Badge.self, BadgeVersionZero.Holder.self,
                configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            context.insert(BadgeVersionZero.Badge(title: "first"))
            try context.save()
        }
        let before = try fileBytes(url)
        #expect {
            _ = try ModelContainer(
                for: BadgeVersionTwo.Badge.self, BadgeVersionTwo.Holder.self,
                configurations: ModelConfiguration(url: url))
        } throws: { error in
            guard case .refusedChange("Badge", "holder", let reason, _) = (error as? SwiftDataError)?.cause else {
                return false
            }
            return reason == "it is a new non-optional relationship, and Badge has 1 rows"
        }
        #expect(try fileBytes(url) == before)
    }

    @Test("allowed when every row has a holder")
    func allowedWhenEveryRowHasAHolder() throws {
        let folder = TemporaryFolder()
        let url = folder.file("badges.sqlite")
        try writeVersionOne(url, withoutHolder: false)
        let container = try ModelContainer(
            for: BadgeVersionTwo.Badge.self, BadgeVersionTwo.Holder.self, configurations: ModelConfiguration(url: url))
        let badge = try #require(try ModelContext(container).fetch(FetchDescriptor<BadgeVersionTwo.Badge>()).first)
        #expect(badge.holder.name == "Ada")
    }
}
