import Foundation
import Testing

@testable import OpenSwiftData

/// A predicate that SQL cannot answer makes a fetch read the whole table: that is never
/// silent. Checked in a child process (an exit test), whose standard error carries the
/// log of swift-log's default handler, so that no test of this process has to change
/// the process-wide logging system.
@Suite("A predicate evaluated in memory is logged")
struct InMemoryPredicateLogTests {
    @Test("at notice level, once per form of predicate, naming the entity and the expression; SQL's log nothing")
    func loggedAtNotice() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let container = try makeInMemoryContainer(tripSchemaTypes)
            let context = ModelContext(container)
            context.insert(Trip(name: "Lisbon"))
            context.insert(Trip(name: "Rome"))
            try context.save()
            let answeredBySQL = try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Rome" }))
            FileHandle.standardError.write(Data("-- after the SQL fetch\n".utf8))
            // `String.utf8` has no SQL translation: every row is read and filtered.
            let inMemory = try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name.utf8.count > 4 }))
            // The same form again, with another value: not reported a second time.
            let limit = 3
            let again = try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name.utf8.count > limit }))
            guard answeredBySQL.map(\.name) == ["Rome"], inMemory.map(\.name) == ["Lisbon"], again.count == 2 else {
                exit(2)
            }
            FileHandle.standardError.write(Data("-- after the same form again\n".utf8))
            // Another form: reported.
            _ = try context.fetch(
                FetchDescriptor<Trip>(predicate: #Predicate { $0.name.utf8.count < 9 && $0.name.utf8.count > 1 }))
        }
        let log = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        let parts = log.components(separatedBy: "-- after the SQL fetch\n")
        try #require(parts.count == 2)
        #expect(!parts[0].contains("evaluated in memory"))
        let sections = parts[1].components(separatedBy: "-- after the same form again\n")
        try #require(sections.count == 2)
        let lines = sections[0].split(separator: "\n").filter { $0.contains("evaluated in memory") }
        #expect(lines.count == 1)
        #expect(sections[1].split(separator: "\n").filter { $0.contains("evaluated in memory") }.count == 1)
        let line = try #require(lines.first)
        #expect(line.contains("notice"))
        #expect(line.contains("predicate on Trip"))
        #expect(line.contains("KeyPath(root: Variable(1), keyPath: \\Trip.name)"))
        #expect(line.contains("greaterThan"))
    }
}
