/// How private an interpolated value is, as Apple's `OSLogPrivacy`:
/// `"\(name, privacy: .private(mask: .hash))"`. What each level shows on Linux is
/// described on `OSLogPrivateData`.
public struct OSLogPrivacy: Sendable, Equatable {
    /// What a redacted value is replaced with.
    public enum Mask: Sendable, Equatable {
        /// A keyed hash of the value, equal for equal values within one process, so that log
        /// lines about the same value can be matched without showing it.
        case hash
        /// `<private>`.
        case none
    }

    enum Level: Sendable, Equatable {
        case `public`, `private`, sensitive, auto
    }

    let level: Level
    let mask: Mask

    /// Shown always.
    public static var `public`: OSLogPrivacy { OSLogPrivacy(level: .public, mask: .none) }
    /// Redacted unless private data is shown.
    public static var `private`: OSLogPrivacy { OSLogPrivacy(level: .private, mask: .none) }
    /// Redacted with `mask` unless private data is shown.
    public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: .private, mask: mask) }
    /// Redacted always, even when private data is shown.
    public static var sensitive: OSLogPrivacy { OSLogPrivacy(level: .sensitive, mask: .none) }
    /// Redacted always with `mask`, even when private data is shown.
    public static func sensitive(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: .sensitive, mask: mask) }
    /// Public for numbers and booleans, private for strings, objects and types.
    public static var auto: OSLogPrivacy { OSLogPrivacy(level: .auto, mask: .none) }
    /// As `auto`, with `mask` for the values it redacts.
    public static func auto(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: .auto, mask: mask) }
}
