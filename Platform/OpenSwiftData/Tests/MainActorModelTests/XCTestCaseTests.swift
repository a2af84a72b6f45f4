import SwiftData
import XCTest

/// An XCTest case of a module whose default isolation is the main actor, written as the
/// porting guide says for Linux's XCTest: the class `nonisolated` (isolated to the main actor,
/// the initializer Linux's XCTest requires does not compile), its test methods and `setUp`
/// `async` and isolated to the main actor (a synchronous main-actor test method stops the
/// whole test process there; a synchronous main-actor `setUp()` override does not compile).
nonisolated final class ReminderXCTestCase: XCTestCase {
    @MainActor private var container: ModelContainer?

    @MainActor override func setUp() async throws {
        container = try ModelContainer(
            for: Reminder.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }

    @MainActor func testSavesAReminderOnTheMainActor() async throws {
        let context = try XCTUnwrap(container).mainContext
        context.insert(Reminder(text: "Return the library books"))
        try context.save()
        XCTAssertEqual(try context.fetch(FetchDescriptor<Reminder>()).map(\.text), ["Return the library books"])
    }
}
