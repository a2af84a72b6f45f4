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
    public let schema: Schema?
    /// The store file (a placeholder URL for in-memory stores).
    public let url: URL
    public let isStoredInMemoryOnly: Bool
    /// Whether contexts may save; `false` opens the store read-only.
    public let allowsSave: Bool
    public let cloudKitDatabase: CloudKitDatabase

    public var id: String { name + "|" + url.path }

    /// The iCloud container identifier, for `.private(…)` databases.
    public var cloudKitContainerIdentifier: String? { cloudKitDatabase.containerIdentifier }

    /// A store at an explicit file URL.
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
    }

    /// A store in memory, or in `default.store` of the application-support folder
    /// (`$XDG_DATA_HOME`, `~/.local/share` by default).
    public init(
        _ name: String? = nil,
        schema: Schema? = nil,
        isStoredInMemoryOnly: Bool = false,
        allowsSave: Bool = true,
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
    }

    private static var applicationSupportDirectory: URL {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.homeDirectoryForCurrentUser.appending(path: ".local/share")
    }

    public static func == (lhs: ModelConfiguration, rhs: ModelConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.url == rhs.url && lhs.isStoredInMemoryOnly == rhs.isStoredInMemoryOnly
            && lhs.allowsSave == rhs.allowsSave && lhs.cloudKitDatabase == rhs.cloudKitDatabase
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(url)
    }
}
