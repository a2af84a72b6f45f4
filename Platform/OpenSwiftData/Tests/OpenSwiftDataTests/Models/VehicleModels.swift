import Foundation
import OpenSwiftData

/// A `@Model` class whose subclass declares `#Index` and `#Unique` on its own properties.
@Model
class Vehicle {
    var plate: String

    init(plate: String) {
        self.plate = plate
    }
}

@Model
final class Truck: Vehicle {
    #Index<Truck>([\.payload])
    #Unique<Truck>([\.fleetNumber])

    var fleetNumber: Int
    var payload: Double

    init(plate: String, fleetNumber: Int, payload: Double) {
        self.fleetNumber = fleetNumber
        self.payload = payload
        super.init(plate: plate)
    }
}
