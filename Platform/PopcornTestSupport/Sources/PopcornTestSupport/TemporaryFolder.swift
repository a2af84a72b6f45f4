import Foundation
import OpenSwiftDataTesting

/// OpenSwiftDataTesting's temporary folder, with the data and cache folders the project's
/// stores are laid out in.
///
/// ```swift
/// let folder = TemporaryFolder()
/// let store = folder.file("popcorn-movies.sqlite")
/// let locations = StoreLocations(dataDirectory: folder.dataDirectory, cacheDirectory: folder.cacheDirectory)
/// ```
public typealias TemporaryFolder = OpenSwiftDataTesting.TemporaryFolder

extension TemporaryFolder {
    /// `data/` in the folder, for user-data stores; not created until a store is.
    public var dataDirectory: URL { url.appending(path: "data", directoryHint: .isDirectory) }

    /// `cache/` in the folder, for cache stores; not created until a store is.
    public var cacheDirectory: URL { url.appending(path: "cache", directoryHint: .isDirectory) }
}
