import Foundation
import OpenSwiftData

@testable import DiscoverInfrastructure

/// Reads the factory's cache store with a fresh context, as another reader would.
extension DiscoverInfrastructureFactory {
    func count<T: PersistentModel>(_ type: T.Type) throws -> Int {
        try ModelContext(modelContainer).fetchCount(FetchDescriptor<T>())
    }

    func all<T: PersistentModel>(_ type: T.Type) throws -> [T] {
        try ModelContext(modelContainer).fetch(FetchDescriptor<T>())
    }
}

/// Whether the store's `.sqlite` file exists.
func storeFileExists(at url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.path)
}
