import Foundation
import OpenSwiftData

/// `Data` kept beside the store when large, and a plain `Data` attribute that never is.
@Model
final class Photo {
    @Attribute(.unique) var title: String
    @Attribute(.externalStorage) var image: Data?
    @Attribute(.externalStorage, .preserveValueOnDeletion) var thumbnail: Data = Data()
    var inline: Data?

    init(title: String, image: Data? = nil) {
        self.title = title
        self.image = image
    }
}

/// The same entity without `.externalStorage`, as a later version that drops the option.
enum PhotoWithoutExternalStorage {
    @Model
    final class Photo {
        @Attribute(.unique) var title: String
        var image: Data?
        @Attribute(.preserveValueOnDeletion) var thumbnail: Data = Data()
        var inline: Data?

        init(title: String) { self.title = title }
    }
}

/// A transformable attribute kept beside the store when its data is large.
@Model
final class WordList {
    @Attribute(.externalStorage, .transformable(by: "NSSecureUnarchiveFromData")) var words: [String]?

    init(words: [String]) { self.words = words }
}

/// Bytes larger than the external-storage threshold, different for each seed.
func largeData(_ seed: UInt8, size: Int = 200_000) -> Data {
    Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) &+ seed })
}
