import Foundation
import GRDB

/// Reads a store file through a connection of its own, as another program would: what the
/// library's saves left on disk, not what its contexts or connections remember.
func readStoreFile<T>(_ url: URL, _ body: (Database) throws -> T) throws -> T {
    var configuration = Configuration()
    configuration.readonly = true
    let queue = try DatabaseQueue(path: url.path, configuration: configuration)
    return try queue.read(body)
}
