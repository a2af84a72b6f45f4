// Apple's Foundation has these URL properties (macOS 13, iOS 16); swift-corelibs-foundation on
// Linux does not. The same folders, found the way Linux's Foundation finds them.
import Foundation

extension URL {
    public static var documentsDirectory: URL { directory(.documentDirectory) }
    public static var cachesDirectory: URL { directory(.cachesDirectory) }
    public static var applicationSupportDirectory: URL { directory(.applicationSupportDirectory) }

    private static func directory(_ directory: FileManager.SearchPathDirectory) -> URL {
        FileManager.default.urls(for: directory, in: .userDomainMask)[0]
    }
}
