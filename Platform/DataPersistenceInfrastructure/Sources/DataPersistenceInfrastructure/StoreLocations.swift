import Foundation

/// The folders where Popcorn keeps its stores on Linux, and the store files in them.
///
/// User data (the watchlist, the search history) lives in the data folder; caches that
/// can be fetched again live in the cache folder. Each folder is resolved in order from:
///
/// | | data folder | cache folder |
/// |---|---|---|
/// | 1. option given by the caller | `--data-dir` | `--cache-dir` |
/// | 2. environment | `POPCORN_DATA_DIR` | `POPCORN_CACHE_DIR` |
/// | 3. XDG base directory | `$XDG_DATA_HOME/popcorn` | `$XDG_CACHE_HOME/popcorn` |
/// | 4. default | `~/.local/share/popcorn` | `~/.cache/popcorn` |
///
/// Empty variables count as unset, and relative `XDG_*` paths are ignored, as the XDG
/// specification asks. A leading `~/` in an option or `POPCORN_*` variable means the home
/// folder, and a relative path is relative to the current directory. The environment and
/// the home folder are parameters, so that tests never touch the real ones:
///
/// ```swift
/// let locations = StoreLocations(
///     environment: ["XDG_DATA_HOME": "/tmp/x/data"],
///     homeDirectory: URL(fileURLWithPath: "/tmp/x/home")
/// )
/// let watchlist = locations.userDataStoreURL(named: "popcorn-movies-cloudkit.sqlite")
/// ```
///
/// Resolving touches no file; OpenSwiftData creates a missing folder (mode 0700) when it
/// opens a store.
public struct StoreLocations: Hashable, Sendable {
    /// The environment variable that overrides the data folder.
    static let dataDirectoryVariable = "POPCORN_DATA_DIR"
    /// The environment variable that overrides the cache folder.
    static let cacheDirectoryVariable = "POPCORN_CACHE_DIR"
    /// The name of Popcorn's folder under the XDG base directories.
    static let applicationFolderName = "popcorn"

    /// The folder for user data.
    public let dataDirectory: URL
    /// The folder for caches.
    public let cacheDirectory: URL

    /// Resolves both folders.
    ///
    /// - Parameters:
    ///   - dataDirectoryOverride: The `--data-dir` option's path, if given; it wins over everything.
    ///   - cacheDirectoryOverride: The `--cache-dir` option's path, if given; it wins over everything.
    ///   - environment: The variables to read (default: the process environment).
    ///   - homeDirectory: The home folder for the defaults (default: `HOME` from
    ///     `environment`, else the current user's home).
    public init(
        dataDirectoryOverride: String? = nil,
        cacheDirectoryOverride: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: URL? = nil
    ) {
        let home = homeDirectory ?? Self.home(in: environment)
        dataDirectory = Self.resolve(
            override: dataDirectoryOverride,
            variable: environment[Self.dataDirectoryVariable],
            xdgBase: environment["XDG_DATA_HOME"],
            defaultBase: home.appending(path: ".local/share", directoryHint: .isDirectory),
            home: home
        )
        cacheDirectory = Self.resolve(
            override: cacheDirectoryOverride,
            variable: environment[Self.cacheDirectoryVariable],
            xdgBase: environment["XDG_CACHE_HOME"],
            defaultBase: home.appending(path: ".cache", directoryHint: .isDirectory),
            home: home
        )
    }

    /// Uses the given folders as they are.
    ///
    /// - Parameters:
    ///   - dataDirectory: The folder of the user-data stores.
    ///   - cacheDirectory: The folder of the cache stores.
    public init(dataDirectory: URL, cacheDirectory: URL) {
        self.dataDirectory = dataDirectory
        self.cacheDirectory = cacheDirectory
    }

    /// Both folders in one: `data/` and `cache/` under `root`, as tests and a
    /// self-contained copy of the app keep them.
    ///
    /// - Parameter root: The folder that holds `data/` and `cache/`.
    public init(under root: URL) {
        self.init(
            dataDirectory: root.appending(path: "data", directoryHint: .isDirectory),
            cacheDirectory: root.appending(path: "cache", directoryHint: .isDirectory))
    }

    /// A user-data store file in the data folder, such as `popcorn-movies-cloudkit.sqlite`.
    ///
    /// - Parameter fileName: The store's file name.
    public func userDataStoreURL(named fileName: String) -> URL {
        dataDirectory.appending(path: fileName, directoryHint: .notDirectory)
    }

    /// A cache store file in the cache folder, such as `popcorn-movies.sqlite`.
    ///
    /// - Parameter fileName: The store's file name.
    func cacheStoreURL(named fileName: String) -> URL {
        cacheDirectory.appending(path: fileName, directoryHint: .notDirectory)
    }

    private static func resolve(
        override: String?, variable: String?, xdgBase: String?, defaultBase: URL, home: URL
    ) -> URL {
        for path in [override, variable] {
            if let path, !path.isEmpty { return folder(at: path, home: home) }
        }
        if let xdgBase, xdgBase.hasPrefix("/") {
            return folder(at: xdgBase, home: home).appending(path: applicationFolderName, directoryHint: .isDirectory)
        }
        return defaultBase.appending(path: applicationFolderName, directoryHint: .isDirectory).standardizedFileURL
    }

    /// A folder path: `~` or `~/…` relative to the home folder, a relative path relative
    /// to the current directory.
    private static func folder(at path: String, home: URL) -> URL {
        if path == "~" { return home.standardizedFileURL }
        if path.hasPrefix("~/") {
            return home.appending(path: String(path.dropFirst(2)), directoryHint: .isDirectory).standardizedFileURL
        }
        return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    }

    private static func home(in environment: [String: String]) -> URL {
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser
    }
}
