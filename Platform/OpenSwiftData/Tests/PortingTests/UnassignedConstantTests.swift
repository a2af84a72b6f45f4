import Foundation
import SwiftData
import Testing

/// Optional `let` and `var` properties an initializer leaves unassigned, and a `let`
/// with an initial value.
@Model
final class Ticket {
    let code: String
    let seat: String?
    let gate: Int?
    var note: String?
    let issuer: String? = "box office"

    init(code: String) {
        self.code = code
    }

    init(code: String, seat: String) {
        self.code = code
        self.seat = seat
    }
}

@Suite("Optional properties an initializer leaves unassigned")
struct UnassignedConstantTests {
    @Test("are nil, stored as nil, and read back as nil after a fetch")
    func unassignedOptionals() throws {
        let ticket = Ticket(code: "A1")
        #expect(ticket.seat == nil)
        #expect(ticket.gate == nil)
        #expect(ticket.note == nil)
        #expect(ticket.issuer == "box office")
        let seated = Ticket(code: "B2", seat: "12C")
        #expect(seated.seat == "12C")
        #expect(seated.gate == nil)

        let container = try ModelContainer(
            for: Ticket.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        context.insert(ticket)
        context.insert(seated)
        try context.save()

        let fresh = ModelContext(container)
        let unseated = try fresh.fetch(FetchDescriptor<Ticket>(predicate: #Predicate { $0.seat == nil }))
        #expect(unseated.map(\.code) == ["A1"])
        #expect(unseated.first?.gate == nil)
        #expect(unseated.first?.note == nil)
        #expect(unseated.first?.issuer == "box office")
        let found = try fresh.fetch(FetchDescriptor<Ticket>(predicate: #Predicate { $0.seat != nil }))
        #expect(found.map(\.seat) == ["12C"])
        #expect(found.first?.gate == nil)
    }
}
