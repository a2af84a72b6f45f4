import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// A programme of a day's TV listings, keyed by the feed's identifier.
@Model
final class ListedProgramme {
    @Attribute(.unique) var programmeID: String
    var title: String
    var startTime: Date
    var logo = Data()

    init(programmeID: String, title: String, startTime: Date, logo: Data = Data()) {
        self.programmeID = programmeID
        self.title = title
        self.startTime = startTime
        self.logo = logo
    }
}

/// SwiftData's batch delete, `delete(model:where:)`, writes to the store when it is
/// called, not at the next save. Sources: the origin app's TV listings store
/// (adamayoung/popcorn, `SwiftDataTVListingsLocalDataSource+Writes.swift`: "the
/// `delete(model:)` calls write directly to the persistent store"), whose own tests pass on
/// Apple platforms; and SwiftData's batch delete throwing a store's constraint error from
/// the call itself ("Batch delete failed due to mandatory OTO nullify inverse").
struct BatchDeleteTimingTests {
    private let day = Date(timeIntervalSince1970: 1_780_000_000)

    private func programme(_ id: String, _ title: String, hour: Int) -> ListedProgramme {
        ListedProgramme(programmeID: id, title: title, startTime: day.addingTimeInterval(Double(hour) * 3600))
    }

    @Test("a day's programmes deleted in bulk and inserted again with the same keys are all saved")
    func replaceADay() throws {
        let folder = TemporaryFolder()
        let url = folder.file("listings.sqlite")
        let container = try ModelContainer(
            for: ListedProgramme.self, configurations: ModelConfiguration(url: url))
        let setUp = ModelContext(container)
        for (id, hour) in [("a", 1), ("b", 2), ("c", 3), ("next", 30)] {
            setUp.insert(programme(id, "old \(id)", hour: hour))
        }
        try setUp.save()

        // The app's refresh of one day: delete the day, insert the feed's day, save.
        let context = ModelContext(container)
        let start = day
        let end = day.addingTimeInterval(24 * 3600)
        try context.delete(
            model: ListedProgramme.self, where: #Predicate { $0.startTime >= start && $0.startTime < end })
        for (id, hour) in [("a", 1), ("b", 4), ("d", 5)] {
            context.insert(programme(id, "new \(id)", hour: hour))
        }
        try context.save()

        let rows = try readStoreFile(url) { db -> [String] in
            try Row.fetchAll(db, sql: "SELECT programmeID, title FROM ListedProgramme ORDER BY programmeID").map {
                row in
                let id: String = row[0]
                let title: String = row[1]
                return "\(id)=\(title)"
            }
        }
        #expect(rows == ["a=new a", "b=new b", "d=new d", "next=old next"])
        let fetched = try ModelContext(container).fetch(
            FetchDescriptor<ListedProgramme>(sortBy: [SortDescriptor(\.programmeID)]))
        #expect(fetched.map(\.title) == ["new a", "new b", "new d", "old next"])
    }

    @Test("the rows are gone for other connections at the call, and a rollback does not bring them back")
    func writesAtTheCall() throws {
        let folder = TemporaryFolder()
        let url = folder.file("listings.sqlite")
        let container = try ModelContainer(
            for: ListedProgramme.self, configurations: ModelConfiguration(url: url))
        let setUp = ModelContext(container)
        for (id, hour) in [("a", 1), ("b", 2), ("next", 30)] {
            setUp.insert(programme(id, "old \(id)", hour: hour))
        }
        try setUp.save()

        let context = ModelContext(container)
        let end = day.addingTimeInterval(24 * 3600)
        try context.delete(model: ListedProgramme.self, where: #Predicate { $0.startTime < end })
        let left = try readStoreFile(url) { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM ListedProgramme") }
        #expect(left == 1)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<ListedProgramme>()) == 1)
        context.rollback()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<ListedProgramme>()) == 1)
    }

    @Test("a predicate SQL does not answer in full deletes at the call too, and replacements are saved")
    func predicateAnsweredInSwift() throws {
        let folder = TemporaryFolder()
        let url = folder.file("listings.sqlite")
        let container = try ModelContainer(
            for: ListedProgramme.self, configurations: ModelConfiguration(url: url))
        let setUp = ModelContext(container)
        setUp.insert(ListedProgramme(programmeID: "a", title: "old a", startTime: day, logo: Data([1])))
        setUp.insert(ListedProgramme(programmeID: "b", title: "old b", startTime: day, logo: Data([2])))
        try setUp.save()

        // `Data` is compared in memory (a row may hold an external file's name).
        let first = Data([1])
        let predicate = #Predicate<ListedProgramme> { $0.logo == first }
        let entity = try #require(container.schema.descriptor(for: ListedProgramme.self))
        #expect(PredicateTranslator.condition(for: predicate, entity: entity)?.isExact != true)
        let context = ModelContext(container)
        try context.delete(model: ListedProgramme.self, where: predicate)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<ListedProgramme>()) == 1)
        #expect(!context.hasChanges)
        context.insert(ListedProgramme(programmeID: "a", title: "new a", startTime: day, logo: first))
        try context.save()
        let titles = try ModelContext(container).fetch(
            FetchDescriptor<ListedProgramme>(sortBy: [SortDescriptor(\.programmeID)])
        ).map(\.title)
        #expect(titles == ["new a", "old b"])
    }
}
