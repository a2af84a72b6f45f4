import Foundation
import SpawnActions

/// `posix_spawn` with the file actions a ``ChildProcess`` needs.
enum Spawn {
    /// Starts `path` as `settings` say, and returns its process identifier.
    ///
    /// The child gets its standard streams, then every other descriptor is closed in it;
    /// it runs in a process group of its own, as Foundation's children do.
    ///
    /// - Throws: A `POSIXError` when a file action cannot be added or the spawn fails.
    static func start(_ path: String, _ settings: ChildProcess.Settings) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        try check(posix_spawn_file_actions_init(&actions))
        defer { posix_spawn_file_actions_destroy(&actions) }
        let streams = [(settings.standardInput, Int32(0)), (settings.standardOutput, 1), (settings.standardError, 2)]
        for (stream, target) in streams {
            switch stream {
            case nil:
                break
            case .null:
                let mode = target == 0 ? O_RDONLY : O_WRONLY
                try check(posix_spawn_file_actions_addopen(&actions, target, "/dev/null", mode, 0))
            case .pipe(let pipe):
                let end = target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting
                try check(posix_spawn_file_actions_adddup2(&actions, end.fileDescriptor, target))
            case .handle(let handle):
                try check(posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target))
            }
        }
        try check(spawn_actions_add_close_from(&actions, 3))
        if let folder = settings.currentDirectoryURL {
            try check(spawn_actions_add_chdir(&actions, folder.path))
        }

        var attributes = posix_spawnattr_t()
        try check(posix_spawnattr_init(&attributes))
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts as from a shell: no signal blocked (a thread of the pool that
        // spawns it may block them all), SIGPIPE at its default (this process ignores it).
        var blocked = sigset_t()
        sigemptyset(&blocked)
        try check(posix_spawnattr_setsigmask(&attributes, &blocked))
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        try check(posix_spawnattr_setsigdefault(&attributes, &defaults))
        let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        try check(posix_spawnattr_setflags(&attributes, Int16(flags)))

        let environment = settings.environment ?? ProcessInfo.processInfo.environment
        // C copies for the call only: freed when it returns, as posix_spawn copies them.
        let argv = ([path] + (settings.arguments ?? [])).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        try check(posix_spawn(&pid, path, &actions, &attributes, argv, envp))
        return pid
    }

    /// Throws the `POSIXError` of a nonzero result of the `posix_spawn` family.
    private static func check(_ result: Int32) throws {
        guard result != 0 else { return }
        throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL)
    }
}
