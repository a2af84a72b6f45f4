import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Points `HOME` and the XDG directories at a throw-away temporary folder.
///
/// swift-corelibs-foundation creates `~/.cache/org.swift.foundation.URLCache/<process>` and
/// `~/.local/share/<bundle>` as soon as any `URLSessionConfiguration` exists, even an ephemeral
/// one with caches and cookies disabled. Tests that build a ``TMDbClient`` call ``activate()``
/// first so that nothing is written to the real home folder. The folder is removed at exit.
enum IsolatedHome {
    static let path: String = {
        let path = NSTemporaryDirectory() + "tmdb-tests-home-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        setenv("HOME", path, 1)
        setenv("XDG_CACHE_HOME", path + "/.cache", 1)
        setenv("XDG_DATA_HOME", path + "/.local/share", 1)
        setenv("XDG_CONFIG_HOME", path + "/.config", 1)
        atexit {
            try? FileManager.default.removeItem(atPath: IsolatedHome.path)
        }
        return path
    }()

    /// Redirects the home folder (once per process).
    static func activate() {
        _ = path
    }
}
