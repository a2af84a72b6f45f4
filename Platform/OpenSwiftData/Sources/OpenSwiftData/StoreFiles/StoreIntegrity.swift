/// The result of SQLite's integrity check of a store file: see `StoreFile.checkIntegrity()`.
public enum StoreIntegrity: Sendable, Hashable, CustomStringConvertible {
    /// SQLite found nothing wrong.
    case ok
    /// SQLite found damage; its messages, in the order it reported them.
    case problems([String])
    /// The file could not be read as a database at all; SQLite's message.
    case unreadable(reason: String)

    public var description: String {
        switch self {
        case .ok: "ok"
        case .problems(let problems): problems.joined(separator: "; ")
        case .unreadable(let reason): "damaged: \(reason)"
        }
    }
}
