import Foundation
import OpenSwiftData

/// A `@Model` class and two `@Model` subclasses: model inheritance.
@Model
class Shipment {
    var reference: String
    var weight: Double = 0

    init(reference: String, weight: Double) {
        self.reference = reference
        self.weight = weight
    }
}

@Model
final class ExpressShipment: Shipment {
    var deadline: Int = 0

    init(reference: String, weight: Double, deadline: Int) {
        self.deadline = deadline
        super.init(reference: reference, weight: weight)
    }
}

@Model
final class FreightShipment: Shipment {
    var containerCount: Int = 1

    init(reference: String, weight: Double, containerCount: Int) {
        self.containerCount = containerCount
        super.init(reference: reference, weight: weight)
    }
}

let shipmentSchemaTypes: [any PersistentModel.Type] = [Shipment.self, ExpressShipment.self, FreightShipment.self]
