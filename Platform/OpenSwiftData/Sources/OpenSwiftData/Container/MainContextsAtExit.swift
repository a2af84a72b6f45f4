import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What the main contexts hold at process exit. A command-line program often exits right
/// after its last change, before the main actor's next turn, where the main context's
/// autosave would have run: at exit, each main context whose ``ModelContext/autosaveEnabled``
/// is true saves what it still holds; one with autosave turned off says on standard error
/// that its unsaved changes are lost, so that none is lost silently.
enum MainContextsAtExit {
    /// A container whose main context was made; weak, so that the list keeps none alive.
    private struct Entry: Sendable {
        weak var container: ModelContainer?
    }

    private static let entries = Locked<[Entry]>([])

    /// Registers the exit handler, once per process.
    private static let handler: Void = {
        atexit { MainContextsAtExit.settle() }
    }()

    /// Remembers a container whose main context was just made.
    static func register(_ container: ModelContainer) {
        _ = handler
        entries.withLock { entries in
            entries.removeAll { $0.container == nil }
            entries.append(Entry(container: container))
        }
    }

    /// Saves or reports each live main context's unsaved changes. Only on the main thread,
    /// where the main actor's state may be read: a process that exits from another thread
    /// may be racing the main actor, and is left alone.
    private static func settle() {
        guard Thread.isMainThread else { return }
        let containers = entries.withLock { $0.compactMap(\.container) }
        MainActor.assumeIsolated {
            for container in containers {
                guard let context = container.existingMainContext, context.hasChanges else { continue }
                let store = container.url?.path ?? "an in-memory store"
                if context.autosaveEnabled {
                    do {
                        try context.save()
                    } catch {
                        report(
                            "OpenSwiftData: the main context of \(store) could not save its changes at exit: \(error)")
                    }
                } else {
                    report(
                        "OpenSwiftData: the main context of \(store) has unsaved changes at exit, and autosave is off: "
                            + "they are lost (save or roll back before exiting)")
                }
            }
        }
    }

    /// Writes to standard error, whatever the app's logging: the process is ending.
    private static func report(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
