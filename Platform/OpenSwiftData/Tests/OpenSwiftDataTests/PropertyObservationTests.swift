import Foundation
import Observation
import Synchronization
import Testing

@testable import OpenSwiftData

/// A property read is tracked under that property's key path (the constant `@Model` keeps
/// for it, or the literal in a class that may be generic): a change of it notifies, a change of
/// another property does not.
@Suite("Observation of property reads")
struct PropertyObservationTests {
    @Test("a read is tracked under its own property")
    func readTrackedUnderItsProperty() {
        let trip = Trip(name: "Lisbon")
        let notified = Mutex(0)
        withObservationTracking {
            _ = trip.name
        } onChange: {
            notified.withLock { $0 += 1 }
        }
        trip.budget = 12
        #expect(notified.withLock { $0 } == 0, "another property changed")
        trip.name = "Porto"
        #expect(notified.withLock { $0 } == 1)
    }

    @Test("a read of a generic model's property is tracked under its own property")
    func genericModelReadTracked() {
        let box = GenericBox<Int>(name: "a")
        let notified = Mutex(0)
        withObservationTracking {
            _ = box.name
        } onChange: {
            notified.withLock { $0 += 1 }
        }
        box.name = "b"
        #expect(notified.withLock { $0 } == 1)
    }
}
