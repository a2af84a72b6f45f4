import Foundation
import GRDB
import OpenSwiftDataTesting
import Testing

@testable import OpenSwiftData

/// A folder under the system's temporary directory, removed when the test ends: named here
/// once, so that each test file needs no import of OpenSwiftDataTesting.
typealias TemporaryFolder = OpenSwiftDataTesting.TemporaryFolder

/// A container on a new store file in a temporary folder.
func makeContainer(
    _ types: [any PersistentModel.Type], folder: TemporaryFolder, name: String = "store.sqlite"
) throws -> ModelContainer {
    try ModelContainer(for: Schema(types), configurations: [ModelConfiguration(url: folder.file(name))])
}

/// A container on an in-memory store.
func makeInMemoryContainer(_ types: [any PersistentModel.Type]) throws -> ModelContainer {
    try ModelContainer(for: Schema(types), configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
}

/// Runs SQL on a store's own connection.
func readSQL<T>(_ container: ModelContainer, _ body: (Database) throws -> T) throws -> T {
    try container.stores.stores[0].writer.read(body)
}

/// The SHA-less fingerprint of a file's bytes, to check it was left untouched.
func fileBytes(_ url: URL) throws -> Data {
    try Data(contentsOf: url)
}

/// Expects `body` to throw a ``SwiftDataError`` with this cause (errors of the same kind
/// are equal, so comparing errors would not tell causes apart).
func expectCause(
    _ cause: SwiftDataError.Cause, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    #expect(sourceLocation: sourceLocation) {
        try body()
    } throws: { error in
        (error as? SwiftDataError)?.cause == cause
    }
}
