// Apple's Foundation has `String(localized:)` (macOS 12, iOS 15); swift-corelibs-foundation on
// Linux does not. The same as `import SwiftData` gives on Linux, for a project's files that
// import Foundation alone (a model's enum naming its cases): the bundle's text for the key, or
// the key. In a file that sees both, SwiftData's wins (these are disfavored).
import Foundation

extension String {
    @_disfavoredOverload
    public init(
        localized key: String, table: String? = nil, bundle: Bundle? = nil, locale: Locale = .current,
        comment: StaticString? = nil
    ) {
        self = (bundle ?? .main).localizedString(forKey: key, value: nil, table: table)
    }

    @_disfavoredOverload
    public init(
        localized key: StaticString, defaultValue: String, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        self = (bundle ?? .main).localizedString(forKey: "\(key)", value: defaultValue, table: table)
    }
}
