import Foundation
import Testing

@testable import DataPersistenceInfrastructure

@Suite("StoreLocations")
struct StoreLocationsTests {
    let home = URL(fileURLWithPath: "/nonexistent/home/tester", isDirectory: true)

    @Test("defaults are under the injected home")
    func defaults() {
        let locations = StoreLocations(environment: [:], homeDirectory: home)
        #expect(locations.dataDirectory.path == "/nonexistent/home/tester/.local/share/popcorn")
        #expect(locations.cacheDirectory.path == "/nonexistent/home/tester/.cache/popcorn")
    }

    @Test("HOME from the given environment is the home when none is injected")
    func homeFromEnvironment() {
        let locations = StoreLocations(environment: ["HOME": "/nonexistent/other"])
        #expect(locations.dataDirectory.path == "/nonexistent/other/.local/share/popcorn")
        #expect(locations.cacheDirectory.path == "/nonexistent/other/.cache/popcorn")
    }

    @Test("XDG_DATA_HOME and XDG_CACHE_HOME are used, with popcorn beneath them")
    func xdgVariables() {
        let locations = StoreLocations(
            environment: ["XDG_DATA_HOME": "/xdg/data", "XDG_CACHE_HOME": "/xdg/cache"], homeDirectory: home)
        #expect(locations.dataDirectory.path == "/xdg/data/popcorn")
        #expect(locations.cacheDirectory.path == "/xdg/cache/popcorn")
    }

    @Test("empty or relative XDG variables are ignored, as the specification asks")
    func invalidXDG() {
        let locations = StoreLocations(
            environment: ["XDG_DATA_HOME": "", "XDG_CACHE_HOME": "relative/cache"], homeDirectory: home)
        #expect(locations.dataDirectory.path == "/nonexistent/home/tester/.local/share/popcorn")
        #expect(locations.cacheDirectory.path == "/nonexistent/home/tester/.cache/popcorn")
    }

    @Test("POPCORN_DATA_DIR and POPCORN_CACHE_DIR win over XDG, and are used as they are")
    func environmentOverrides() {
        let locations = StoreLocations(
            environment: [
                "POPCORN_DATA_DIR": "/srv/popcorn/data", "POPCORN_CACHE_DIR": "/srv/popcorn/cache",
                "XDG_DATA_HOME": "/xdg/data", "XDG_CACHE_HOME": "/xdg/cache",
            ],
            homeDirectory: home)
        #expect(locations.dataDirectory.path == "/srv/popcorn/data")
        #expect(locations.cacheDirectory.path == "/srv/popcorn/cache")
    }

    @Test("--data-dir and --cache-dir win over the environment; ~ means the home")
    func optionOverrides() {
        let locations = StoreLocations(
            dataDirectoryOverride: "~/my-data",
            cacheDirectoryOverride: "/opt/cache",
            environment: ["POPCORN_DATA_DIR": "/srv/data", "POPCORN_CACHE_DIR": "/srv/cache"],
            homeDirectory: home)
        #expect(locations.dataDirectory.path == "/nonexistent/home/tester/my-data")
        #expect(locations.cacheDirectory.path == "/opt/cache")
    }

    @Test("a relative override is relative to the current directory")
    func relativeOverride() {
        let locations = StoreLocations(dataDirectoryOverride: "stores", environment: [:], homeDirectory: home)
        let expected = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appending(path: "stores").standardizedFileURL.path
        #expect(locations.dataDirectory.path == expected)
    }

    @Test("store URLs are built by file name in each folder")
    func storeURLs() {
        let locations = StoreLocations(
            environment: ["XDG_DATA_HOME": "/xdg/data", "XDG_CACHE_HOME": "/xdg/cache"], homeDirectory: home)
        #expect(
            locations.userDataStoreURL(named: "popcorn-search-cloudkit.sqlite").path
                == "/xdg/data/popcorn/popcorn-search-cloudkit.sqlite")
        #expect(
            locations.cacheStoreURL(named: "popcorn-movies.sqlite").path
                == "/xdg/cache/popcorn/popcorn-movies.sqlite")
        let explicit = StoreLocations(
            dataDirectory: URL(fileURLWithPath: "/d"), cacheDirectory: URL(fileURLWithPath: "/c"))
        #expect(explicit.cacheStoreURL(named: "x.sqlite").path == "/c/x.sqlite")
        let together = StoreLocations(under: URL(fileURLWithPath: "/tmp/run"))
        #expect(together.dataDirectory.path == "/tmp/run/data")
        #expect(together.cacheDirectory.path == "/tmp/run/cache")
    }

    @Test("resolving touches no file")
    func touchesNothing() {
        let locations = StoreLocations(environment: [:], homeDirectory: home)
        #expect(!FileManager.default.fileExists(atPath: locations.dataDirectory.path))
    }
}
