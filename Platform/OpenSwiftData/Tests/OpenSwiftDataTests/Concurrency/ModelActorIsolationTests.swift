import Foundation
import Synchronization
import Testing

@testable import OpenSwiftData

@ModelActor
actor TripArchive {
    func add(_ name: String) throws -> PersistentIdentifier {
        let trip = Trip(name: name)
        modelContext.insert(trip)
        try modelContext.save()
        return trip.persistentModelID
    }

    func isIsolatedHere() -> Bool {
        (modelExecutor as? DefaultSerialModelExecutor)?.checkIsolated()
        return true
    }
}

/// A model actor's context is used by the actor alone, and save notifications carry
/// identifiers, never a context.
@Suite("Model actor isolation")
struct ModelActorIsolationTests {
    @Test("the actor uses its context, and its executor knows it runs there")
    func actorUsesItsContext() async throws {
        let archive = TripArchive(modelContainer: try makeInMemoryContainer(tripSchemaTypes))
        let identifier = try await archive.add("Lisbon")
        #expect(identifier.entityName == "Trip")
        #expect(await archive.isIsolatedHere())
    }

    @Test("reaching the actor's context from outside the actor stops the program")
    func contextOutsideTheActorTraps() async {
        await #expect(processExitsWith: .failure) {
            let container = try makeInMemoryContainer(tripSchemaTypes)
            let archive = TripArchive(modelContainer: container)
            _ = archive.modelExecutor.modelContext
        }
    }

    @Test("save notifications carry the saving context as their object, and the identifiers")
    func notificationsCarryTheirContext() throws {
        let container = try makeInMemoryContainer(tripSchemaTypes)
        let context = ModelContext(container)
        let seen = ObservedNotifications()
        let tokens = [ModelContext.willSave, ModelContext.didSave].map { name in
            NotificationCenter.default.addObserver(forName: name, object: context, queue: nil) { seen.record($0) }
        }
        defer { tokens.forEach(NotificationCenter.default.removeObserver) }
        let trip = Trip(name: "Porto")
        context.insert(trip)
        try context.save()
        // Other tests save at the same time: observing this context's object sees its own.
        #expect(seen.objects == ["ModelContext", "ModelContext"])
        #expect(seen.inserted == [trip.persistentModelID])
    }
}

/// What save notifications carried; they may arrive on any thread.
final class ObservedNotifications: Sendable {
    private let state = Mutex<(objects: [String?], inserted: [PersistentIdentifier])>(([], []))

    func record(_ notification: Notification) {
        let inserted =
            notification.userInfo?[ModelContext.NotificationKey.insertedIdentifiers.rawValue]
            as? [PersistentIdentifier] ?? []
        let object = notification.object.map { String(describing: type(of: $0)) }
        state.withLock {
            $0.objects.append(object)
            $0.inserted += inserted
        }
    }

    var objects: [String?] { state.withLock { $0.objects } }
    var inserted: [PersistentIdentifier] { state.withLock { $0.inserted } }
}
