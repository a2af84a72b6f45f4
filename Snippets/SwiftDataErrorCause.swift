// snippet.hide
import Foundation
import OpenSwiftData

enum NotesV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self] }

    @Model
    final class Note {
        var text: String = ""

        init(text: String) { self.text = text }
    }
}

enum NotesPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [NotesV1.self] }
    static var stages: [MigrationStage] { [] }
}

func reportRefusal(_ entity: String, _ property: String?) {
    print("refused: \(entity).\(property ?? "")")
}

let schema = Schema(versionedSchema: NotesV1.self)
let plan = NotesPlan.self
let configuration = ModelConfiguration(
    url: FileManager.default.temporaryDirectory.appending(path: "SwiftDataErrorCause-\(UUID().uuidString).sqlite"))
var container: ModelContainer?
// snippet.show
do {
    container = try ModelContainer(for: schema, migrationPlan: plan, configurations: configuration)
} catch let error as SwiftDataError where error == .loadIssueModelContainer {
    if case .refusedChange(let entity, let property, _, _) = error.cause { reportRefusal(entity, property) }
    print(error)  // the cause, in one sentence
}
// snippet.hide
print(container == nil)
