/// Which CloudKit database a configuration syncs with, as in SwiftData.
///
/// There is no CloudKit on Linux: a store configured for CloudKit is an ordinary local
/// store whose models are checked against CloudKit's rules, so that the same models
/// keep working on Apple platforms. `.automatic` resolves to no CloudKit here, as it
/// does on Apple platforms for an app without the iCloud entitlement.
public struct CloudKitDatabase: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case automatic
        case none
        case privateDatabase(String)
    }

    let kind: Kind

    /// The app's primary iCloud container, if it has one (on Linux: none).
    public static let automatic = CloudKitDatabase(kind: .automatic)
    /// No CloudKit.
    public static let none = CloudKitDatabase(kind: .none)
    /// The private database of the named iCloud container.
    ///
    /// - Parameter containerIdentifier: The iCloud container's identifier.
    public static func `private`(_ containerIdentifier: String) -> CloudKitDatabase {
        CloudKitDatabase(kind: .privateDatabase(containerIdentifier))
    }

    /// The iCloud container identifier, for `.private(…)`.
    public var containerIdentifier: String? {
        if case .privateDatabase(let identifier) = kind { return identifier }
        return nil
    }

    /// Whether the store follows CloudKit's rules (only `.private(…)` on Linux).
    public var usesCloudKit: Bool { containerIdentifier != nil }

    public var description: String {
        switch kind {
        case .automatic: "automatic"
        case .none: "none"
        case .privateDatabase(let identifier): "private(\(identifier))"
        }
    }
}
