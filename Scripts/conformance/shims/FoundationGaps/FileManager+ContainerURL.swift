// Foundation's `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`, which Apple's
// Foundation has and swift-corelibs-foundation lacks. Linux has no app groups: no container, as on
// Apple platforms for a group the process is not entitled to (nil).
import Foundation

extension FileManager {
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        nil
    }
}
