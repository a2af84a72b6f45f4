#if os(Linux)
    import Foundation

    // Apple's Foundation has these folders as `URL` properties (macOS 13, iOS 16), and SwiftData
    // apps name a store's folder with them; Linux's Foundation has only
    // `FileManager.urls(for:in:)`. Here on Linux only, through `import SwiftData`, they are the
    // folders Linux's Foundation gives for the same names: the XDG base directories.
    extension URL {
        /// The user's application support folder: `$XDG_DATA_HOME`, or `~/.local/share`.
        public static var applicationSupportDirectory: URL { userFolder(.applicationSupportDirectory) }

        /// The user's caches folder: `$XDG_CACHE_HOME`, or `~/.cache`.
        public static var cachesDirectory: URL { userFolder(.cachesDirectory) }

        /// The user's documents folder, as the XDG user directories name it (`~/Documents`).
        public static var documentsDirectory: URL { userFolder(.documentDirectory) }

        /// The folder Linux's Foundation gives for `directory` in the user's domain.
        private static func userFolder(_ directory: FileManager.SearchPathDirectory) -> URL {
            FileManager.default.urls(for: directory, in: .userDomainMask)[0]
        }
    }
#endif
