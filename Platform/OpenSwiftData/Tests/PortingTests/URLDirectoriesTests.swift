import Foundation
import SwiftData
import Testing

/// The folders Apple's Foundation names as `URL` properties, which SwiftData apps put their
/// stores in (`URL.applicationSupportDirectory.appending(path: "Library.store")`), through
/// `import SwiftData` on Linux: the XDG Base Directory Specification's folders.
@Suite("URL's folders through import SwiftData")
struct URLDirectoriesTests {
    private let environment = ProcessInfo.processInfo.environment

    /// The XDG Base Directory Specification: `$variable` when set and absolute, else `fallback`
    /// under the home folder.
    private func baseDirectory(_ variable: String, fallback: String) -> String {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        return FileManager.default.homeDirectoryForCurrentUser.appending(path: fallback).path
    }

    @Test("application support and caches are the XDG data and cache folders")
    func baseDirectories() {
        #expect(URL.applicationSupportDirectory.path == baseDirectory("XDG_DATA_HOME", fallback: ".local/share"))
        #expect(URL.cachesDirectory.path == baseDirectory("XDG_CACHE_HOME", fallback: ".cache"))
    }

    @Test("a store's URL is made as an app makes it, and documents is an absolute folder")
    func storeURL() {
        let store = URL.applicationSupportDirectory.appending(path: "Library.store")
        #expect(store.lastPathComponent == "Library.store")
        #expect(URL.documentsDirectory.path.hasPrefix("/"))
    }
}
