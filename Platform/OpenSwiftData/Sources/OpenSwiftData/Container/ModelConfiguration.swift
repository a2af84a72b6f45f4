import Foundation

/// Where and how a container stores its models, as SwiftData's `ModelConfiguration`.
///
/// ```swift
/// let onDisk = ModelConfiguration(schema: schema, url: storeURL, cloudKitDatabase: .none)
/// let inMemory = ModelConfiguration(isStoredInMemoryOnly: true)
/// ```
public struct ModelConfiguration: Hashable, Identifiable, Sendable {
    /// The configuration's name; the file name without extension by default.
    public let name: String
    /// The schema this configuration stores, when it is narrower than the container's.
    public var schema: Schema?
    /// The store file (a placeholder URL for in-memory stores).
    public let url: URL
    /// Whether the store lives in memory only, and is gone when its container ends.
    public let isStoredInMemoryOnly: Bool
    /// Whether contexts may save; `false` opens the store read-only.
    public let allowsSave: Bool
    /// The CloudKit database the store would sync with on Apple platforms: `.private(…)` checks
    /// the models against CloudKit's rules when the container is created; the store stays local.
    public let cloudKitDatabase: CloudKitDatabase
    /// The app group whose folder holds the store (no app groups on Linux: the store
    /// stays in the application-support folder, whatever this says).
    public let groupContainer: GroupContainer

    public var id: String { name + "|" + url.path }

    /// The iCloud container identifier, for `.private(…)` databases.
    public var cloudKitContainerIdentifier: String? { cloudKitDatabase.containerIdentifier }

    /// A store at an explicit file URL.
    ///
    /// - Parameters:
    ///   - name: The configuration's name; nil for the file name without its extension.
    ///   - schema: The models this configuration stores; nil for the models no configuration's
    ///     schema lists.
    ///   - url: The store file.
    ///   - allowsSave: Whether contexts may save; `false` opens the store read-only.
    ///   - cloudKitDatabase: The CloudKit database; `.private(…)` checks the models against
    ///     CloudKit's rules.
    public init(
        _ name: String? = nil,
        schema: Schema? = nil,
        url: URL,
        allowsSave: Bool = true,
        cloudKitDatabase: CloudKitDatabase = .automatic
    ) {
        self.name = name ?? url.deletingPathExtension().lastPathComponent
        self.schema = schema
        self.url = url
        self.isStoredInMemoryOnly = false
        self.allowsSave = allowsSave
        self.cloudKitDatabase = cloudKitDatabase
        self.groupContainer = .automatic
    }

    /// A store in memory, or in `<name>.store` of the application-support folder
    /// (`$XDG_DATA_HOME`, `~/.local/share` by default); `default.store` without a name.
    ///
    /// - Parameters:
    ///   - name: The configuration's name, which names the store file; nil for `default`.
    ///   - schema: The models this configuration stores; nil for the models no configuration's
    ///     schema lists.
    ///   - isStoredInMemoryOnly: Whether the store lives in memory only.
    ///   - allowsSave: Whether contexts may save; `false` opens the store read-only.
    ///   - groupContainer: The app group; kept, but the store stays in the application-support
    ///     folder on Linux.
    ///   - cloudKitDatabase: The CloudKit database; `.private(…)` checks the models against
    ///     CloudKit's rules.
    public init(
        _ name: String? = nil,
        schema: Schema? = nil,
        isStoredInMemoryOnly: Bool = false,
        allowsSave: Bool = true,
        groupContainer: GroupContainer = .automatic,
        cloudKitDatabase: CloudKitDatabase = .automatic
    ) {
        let storeName = name ?? "default"
        self.name = storeName
        self.schema = schema
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.url =
            isStoredInMemoryOnly
            ? URL(fileURLWithPath: "/dev/null")
            : Self.applicationSupportDirectory.appending(path: "\(storeName).store")
        self.allowsSave = allowsSave
        self.cloudKitDatabase = cloudKitDatabase
        self.groupContainer = groupContainer
    }

    /// A configuration for some model types, in memory or in `default.store`. (One type
    /// at least: with none, `ModelConfiguration()` would be ambiguous.)
    ///
    /// - Parameters:
    ///   - firstType: A model type to store.
    ///   - moreTypes: More model types to store.
    ///   - isStoredInMemoryOnly: Whether the store lives in memory only.
    public init(
        for firstType: any PersistentModel.Type, _ moreTypes: any PersistentModel.Type...,
        isStoredInMemoryOnly: Bool = false
    ) {
        self.init(schema: Schema([firstType] + moreTypes), isStoredInMemoryOnly: isStoredInMemoryOnly)
    }

    private static var applicationSupportDirectory: URL {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.homeDirectoryForCurrentUser.appending(path: ".local/share")
    }

    public static func == (lhs: ModelConfiguration, rhs: ModelConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.url == rhs.url && lhs.isStoredInMemoryOnly == rhs.isStoredInMemoryOnly
            && lhs.allowsSave == rhs.allowsSave && lhs.cloudKitDatabase == rhs.cloudKitDatabase
            && lhs.groupContainer == rhs.groupContainer
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(url)
    }
}

extension ModelConfiguration {
    /// SwiftData's spelling: the CloudKit database is nested in `ModelConfiguration`.
    public typealias CloudKitDatabase = OpenSwiftData.CloudKitDatabase

    /// Which app group's shared folder holds the store, as in SwiftData. App groups
    /// exist on Apple platforms only: on Linux every value keeps the store where the
    /// configuration's URL (or the application-support folder) says.
    public struct GroupContainer: Hashable, Sendable, CustomStringConvertible {
        enum Kind: Hashable, Sendable {
            case automatic
            case none
            case identifier(String)
        }

        let kind: Kind

        /// The app's first app group, if it has one (on Linux: none).
        public static let automatic = GroupContainer(kind: .automatic)
        /// No app group.
        public static let none = GroupContainer(kind: .none)
        /// The app group with this identifier.
        ///
        /// - Parameter groupName: The app group's identifier.
        public static func identifier(_ groupName: String) -> GroupContainer {
            GroupContainer(kind: .identifier(groupName))
        }

        public var description: String {
            switch kind {
            case .automatic: "automatic"
            case .none: "none"
            case .identifier(let name): "identifier(\(name))"
            }
        }
    }
}
