import Foundation
import Testing

/// `@Model` classes (one isolated to the main actor in so many words), a versioned schema, a
/// migration plan and a model actor written as in an Xcode 26 app target, with predicates
/// and sorts over them, type-checked in each Swift language mode, with the main actor as the
/// module's default isolation or without, and with Approachable Concurrency's upcoming
/// features: SwiftData accepts such code in every one of these settings.
@Suite("Model declarations in every language mode and default isolation")
struct MainActorModelDeclarationTests {
    /// An app's model file, its schema and a use of its models, as Xcode's templates write them.
    static let appCode = """
        import Foundation
        import SwiftData

        @Model
        final class Trip {
            @Attribute(.unique) var name: String
            var startDate: Date = Date.now
            var budget: Budget = Budget()
            @Relationship(deleteRule: .cascade, inverse: \\Stop.trip) var stops: [Stop] = []
            init(name: String) { self.name = name }
        }

        struct Budget: Codable { var amount = 0.0 }

        @Model
        final class Stop {
            var place: String
            var trip: Trip?
            init(place: String) { self.place = place }
        }

        @Model
        class Expense {
            var label: String
            init(label: String) { self.label = label }
        }

        @Model
        final class Ticket: Expense {
            var seat: String = ""
            init(label: String, seat: String) {
                self.seat = seat
                super.init(label: label)
            }
        }

        enum TripsSchemaV1: VersionedSchema {
            static let versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Trip.self, Stop.self, Expense.self, Ticket.self, Checklist.self] }
        }

        enum TripsMigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [TripsSchemaV1.self] }
            static var stages: [MigrationStage] { [] }
        }

        @MainActor
        @Model
        final class Checklist {
            var title: String
            var done: Bool = false
            init(title: String) { self.title = title }
        }

        @MainActor
        func check(in context: ModelContext) throws {
            context.insert(Checklist(title: "Passport"))
            print(try context.fetch(FetchDescriptor<Checklist>()).filter { !$0.done }.map(\\.title))
        }

        @ModelActor
        actor TripImporter {
            func count() throws -> Int {
                try modelContext.fetchCount(FetchDescriptor<Trip>())
            }
        }

        func plan(in context: ModelContext) throws {
            let trip = Trip(name: "Lisbon")
            context.insert(trip)
            trip.stops.append(Stop(place: "Alfama"))
            try context.save()
            let sorted = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\\.startDate)])
            print(try context.fetch(sorted).map(\\.name))
            print(try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name.contains("L") })).count)
        }
        """

    @Test("an app's models compile without a diagnostic", arguments: SnippetTypechecker.everySetting)
    func appModels(settings: [String]) async throws {
        let result = try await SnippetTypechecker.typecheck(Self.appCode, settings: settings)
        #expect(result.status == 0, "\(result.diagnostics)")
        #expect(!result.diagnostics.contains("error:"), "\(result.diagnostics)")
        #expect(!result.diagnostics.contains("warning:"), "\(result.diagnostics)")
    }
}
