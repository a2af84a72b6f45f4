#if os(Linux)
    import Foundation

    // Apple's Foundation has `String(localized:)` (macOS 12, iOS 15), and SwiftData apps name
    // their models' enum cases with it; Linux's Foundation has only
    // `Bundle.localizedString(forKey:value:table:)`. Here on Linux only, through
    // `import SwiftData`: the text the bundle's strings tables give for the key, or the key.
    extension String {
        /// The localized text of `key`: what the bundle's strings table gives for it, or the
        /// key itself when no table has it.
        ///
        /// Apple's initializer takes a `String.LocalizationValue`, whose interpolations become
        /// format specifiers of the key (`"\(count) items"` is looked up as `"%lld items"`);
        /// here the key is the interpolated text, which tables keyed by format do not hold, so
        /// an interpolated key reads as written.
        ///
        /// - Parameters:
        ///   - key: The key, also the text when no table has it.
        ///   - table: The strings table (`Localizable` when nil).
        ///   - bundle: The bundle whose tables are read (the main bundle when nil).
        ///   - locale: Not used: the bundle's preferred localization is.
        ///   - comment: For translators; not used.
        public init(
            localized key: String, table: String? = nil, bundle: Bundle? = nil, locale: Locale = .current,
            comment: StaticString? = nil
        ) {
            self = (bundle ?? .main).localizedString(forKey: key, value: nil, table: table)
        }

        /// The localized text of `key`, or `defaultValue` when no strings table has the key.
        ///
        /// - Parameters:
        ///   - key: The key.
        ///   - defaultValue: The text when no table has the key.
        ///   - table: The strings table (`Localizable` when nil).
        ///   - bundle: The bundle whose tables are read (the main bundle when nil).
        ///   - locale: Not used: the bundle's preferred localization is.
        ///   - comment: For translators; not used.
        public init(
            localized key: StaticString, defaultValue: String, table: String? = nil, bundle: Bundle? = nil,
            locale: Locale = .current, comment: StaticString? = nil
        ) {
            self = (bundle ?? .main).localizedString(forKey: "\(key)", value: defaultValue, table: table)
        }
    }
#endif
