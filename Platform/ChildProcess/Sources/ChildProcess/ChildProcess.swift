import Foundation
import Synchronization

/// A program run as a child of this process, configured and watched as Foundation's `Process`
/// (the same property names), but started without `Process.run()`'s walk of `/proc/self/fd`.
///
/// On Linux, Foundation's `Process.run()` lists `/proc/self/fd` to close the descriptors the
/// child must not inherit, copying each entry's whole 256-byte name field: with more than
/// about 1,350 descriptors open, an entry sits at the end of glibc's 32 KiB directory buffer,
/// and the copy reads past it and can crash the parent with SIGSEGV
/// (swiftlang/swift-corelibs-foundation#5472, fixed after Swift 6.3.1). A test process that
/// runs many stores at once holds that many. `ChildProcess` asks `posix_spawn` to close them
/// instead (`posix_spawn_file_actions_addclosefrom_np`): the child keeps descriptors 0, 1
/// and 2 only.
///
/// Sendable: its settings and its state are each behind a mutex.
public final class ChildProcess: Sendable {
    /// Why a child ended, as Foundation's `Process.TerminationReason`.
    public enum TerminationReason: Sendable {
        /// It exited; ``ChildProcess/terminationStatus`` is its exit status.
        case exit
        /// A signal ended it; ``ChildProcess/terminationStatus`` is the signal's number.
        case uncaughtSignal
    }

    /// Where one of the child's standard streams goes.
    enum Stream: Sendable {
        /// A pipe: the child gets its writing end (its reading end for standard input).
        case pipe(Pipe)
        /// An open file handle's descriptor.
        case handle(FileHandle)
        /// `/dev/null`, for `FileHandle.nullDevice`.
        case null

        init(_ value: Any) {
            switch value {
            case let pipe as Pipe: self = .pipe(pipe)
            case let handle as FileHandle where handle === FileHandle.nullDevice: self = .null
            case let handle as FileHandle: self = .handle(handle)
            default: preconditionFailure("a standard stream is a Pipe or a FileHandle, not \(type(of: value))")
            }
        }

        var value: Any {
            switch self {
            case .pipe(let pipe): pipe
            case .handle(let handle): handle
            case .null: FileHandle.nullDevice
            }
        }
    }

    struct Settings: Sendable {
        var executableURL: URL?
        var arguments: [String]?
        var environment: [String: String]?
        var currentDirectoryURL: URL?
        var standardInput: Stream?
        var standardOutput: Stream?
        var standardError: Stream?
    }

    enum State: Sendable {
        case notStarted
        case running(pid_t)
        /// Ended and reaped; `status` is `waitpid`'s, nil when another waiter reaped it first.
        case ended(pid_t, status: Int32?)
    }

    private let settings = Mutex(Settings())
    private let state = Mutex(State.notStarted)

    /// A child to configure, then start with ``run()``.
    public init() {}

    /// The program to run.
    public var executableURL: URL? {
        get { settings.withLock { $0.executableURL } }
        set { settings.withLock { $0.executableURL = newValue } }
    }

    /// Its arguments, after its own path.
    public var arguments: [String]? {
        get { settings.withLock { $0.arguments } }
        set { settings.withLock { $0.arguments = newValue } }
    }

    /// Its environment; nil gives it this process's.
    public var environment: [String: String]? {
        get { settings.withLock { $0.environment } }
        set { settings.withLock { $0.environment = newValue } }
    }

    /// The folder it starts in; nil starts it in this process's.
    public var currentDirectoryURL: URL? {
        get { settings.withLock { $0.currentDirectoryURL } }
        set { settings.withLock { $0.currentDirectoryURL = newValue } }
    }

    /// Its standard input: a `Pipe`, a `FileHandle`, or nil for this process's.
    public var standardInput: Any? {
        get { settings.withLock { $0.standardInput?.value } }
        set { settings.withLock { $0.standardInput = newValue.map(Stream.init) } }
    }

    /// Its standard output: a `Pipe`, a `FileHandle`, or nil for this process's.
    public var standardOutput: Any? {
        get { settings.withLock { $0.standardOutput?.value } }
        set { settings.withLock { $0.standardOutput = newValue.map(Stream.init) } }
    }

    /// Its standard error: a `Pipe`, a `FileHandle`, or nil for this process's.
    public var standardError: Any? {
        get { settings.withLock { $0.standardError?.value } }
        set { settings.withLock { $0.standardError = newValue.map(Stream.init) } }
    }

    /// Starts the child.
    ///
    /// The pipes' ends the child uses are closed here once it started, so that a reader sees
    /// the end of the output when the child (and its own children) end.
    ///
    /// - Throws: `CocoaError(.fileNoSuchFile)` without an executable; a `POSIXError` when
    ///   `posix_spawn` fails (the program cannot be run, too many processes).
    public func run() throws {
        let settings = self.settings.withLock { $0 }
        guard let executable = settings.executableURL else { throw CocoaError(.fileNoSuchFile) }
        try state.withLock { state in
            guard case .notStarted = state else { preconditionFailure("a ChildProcess runs once") }
            state = .running(try Spawn.start(executable.path, settings))
        }
        for stream in [settings.standardOutput, settings.standardError] {
            if case .pipe(let pipe) = stream { try? pipe.fileHandleForWriting.close() }
        }
        if case .pipe(let pipe) = settings.standardInput { try? pipe.fileHandleForReading.close() }
    }

    /// The child's process identifier; 0 before ``run()``.
    public var processIdentifier: Int32 {
        switch state.withLock({ $0 }) {
        case .notStarted: 0
        case .running(let pid), .ended(let pid, _): pid
        }
    }

    /// Whether the child started and has not ended yet; reaps it once it has.
    public var isRunning: Bool {
        state.withLock { state in
            guard case .running(let pid) = state else { return false }
            var status: Int32 = 0
            switch waitpid(pid, &status, WNOHANG) {
            case 0: return true
            case pid: state = .ended(pid, status: status)
            default: state = .ended(pid, status: nil)  // ECHILD: reaped by someone else
            }
            return false
        }
    }

    /// Waits for the child to end; returns at once if it never started or already ended.
    public func waitUntilExit() {
        while isRunning { usleep(2_000) }
    }

    /// Sends the child SIGTERM.
    public func terminate() {
        if case .running(let pid) = state.withLock({ $0 }) { kill(pid, SIGTERM) }
    }

    /// Its exit status, or the number of the signal that ended it; -1 if something else
    /// reaped it. Read only once it ended.
    public var terminationStatus: Int32 {
        guard let status = endStatus else { return -1 }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
    }

    /// Whether it exited or a signal ended it. Read only once it ended.
    public var terminationReason: TerminationReason {
        guard let status = endStatus else { return .exit }
        return status & 0x7F == 0 ? .exit : .uncaughtSignal
    }

    /// `waitpid`'s status once the child ended.
    private var endStatus: Int32? {
        guard case .ended(_, let status) = state.withLock({ $0 }) else {
            preconditionFailure("a ChildProcess's end is read once it ended")
        }
        return status
    }
}
