// snippet.hide
import Foundation
import OpenSwiftData

// snippet.show
@Model
final class Photo {
    var caption: String
    @Attribute(.externalStorage) var image: Data?

    init(caption: String) { self.caption = caption }
}
// snippet.hide
let container = try ModelContainer(for: Photo.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
print(container.schema.entities.map(\.name))
