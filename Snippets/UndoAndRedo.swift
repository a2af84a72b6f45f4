// snippet.hide
import OpenSwiftData

@Model
final class Trip {
    var name: String

    init(name: String) { self.name = name }
}

let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
// snippet.show
let context = ModelContext(container)
context.undoManager = UndoManager()
let trip = Trip(name: "Lisbon")
context.insert(trip)
context.processPendingChanges()  // ends the undo step: the insert is one group
trip.name = "Porto"
context.undoManager?.undo()  // the name is "Lisbon" again
context.undoManager?.undo()  // the trip leaves the context
// snippet.hide
print(trip.name, context.insertedModelsArray.count)
