// Apple's Foundation has these URL properties (macOS 13, iOS 16); swift-corelibs-foundation on
// Linux does not. The same folders, found the way Linux's Foundation finds them, for a project's
// modules that import Foundation alone: `import SwiftData` gives them too, and in a module that
// sees both, SwiftData's win (these are disfavored).
import Foundation

extension URL {
    @_disfavoredOverload public static var documentsDirectory: URL { directory(.documentDirectory) }
    @_disfavoredOverload public static var cachesDirectory: URL { directory(.cachesDirectory) }
    @_disfavoredOverload public static var applicationSupportDirectory: URL { directory(.applicationSupportDirectory) }

    private static func directory(_ directory: FileManager.SearchPathDirectory) -> URL {
        FileManager.default.urls(for: directory, in: .userDomainMask)[0]
    }
}
