import Foundation

/// Failures injected into the Foundation file calls of external data (``ExternalDataFolder``),
/// for the tests that check that a failed call loses nothing: what the SQLite fault VFS of
/// the tests does for a store's own file, which SQLite lets a program replace and Foundation
/// does not. A fault is armed for the files under one folder, by those tests alone; when
/// none is armed, each call costs one uncontended lock.
enum ExternalFileFaults {
    /// The file calls of external data that can fail.
    enum Call: String, CaseIterable, Sendable {
        case createFolder = "create a folder"
        case createFile = "create a file"
        case flush = "flush a file"
        case link = "link a file"
        case copy = "copy a file"
        case read = "read a file"
        case remove = "remove a file"
    }

    /// The injected failure a call throws.
    struct InjectedFailure: Error, CustomStringConvertible {
        var call: Call
        var path: String

        var description: String { "an injected I/O error: cannot \(call.rawValue) at \(path)" }
    }

    private struct Plan {
        var folder: String
        var call: Call
        var countdown: Int
        var persistent: Bool
        var failures = 0
    }

    private static let plan = Locked<Plan?>(nil)

    /// Makes the `countdown`-th `call` (1 for the first) on a file under `folder` fail, and
    /// every later one as well when `persistent` (a full disk stays full).
    static func arm(folder: URL, call: Call, countdown: Int, persistent: Bool) {
        let armed = Plan(
            folder: folder.standardizedFileURL.path + "/", call: call, countdown: countdown, persistent: persistent)
        plan.withLock { $0 = armed }
    }

    /// Lets every call through again.
    static func disarm() {
        plan.withLock { $0 = nil }
    }

    /// How many calls the armed fault failed since it was armed.
    static var failures: Int { plan.withLock { $0?.failures ?? 0 } }

    /// Throws ``InjectedFailure`` when the armed fault fails this `call` on `path`.
    static func check(_ call: Call, _ path: String) throws(InjectedFailure) {
        let fails = plan.withLock { plan -> Bool in
            guard var armed = plan, armed.call == call, path.hasPrefix(armed.folder) else { return false }
            armed.countdown -= 1
            let fails = armed.countdown == 0 || (armed.countdown < 0 && armed.persistent)
            if fails { armed.failures += 1 }
            plan = armed
            return fails
        }
        if fails { throw InjectedFailure(call: call, path: path) }
    }
}
