import Foundation

/// Hides a password given on the command line (`--remote postgres://user:password@host/db`)
/// from the other users of the machine, who can read a process's arguments (`ps`,
/// `/proc/PID/cmdline`): the password's bytes in the process's own argument memory become
/// `*`, as `mysql` does with `-p`. The command still reads it: Swift copied the arguments
/// (`CommandLine.arguments`) before. Until this runs, at the start of `popcorn`, the password
/// is visible; `POPCORN_SYNC_URL` or `PGPASSWORD` keep it out of the arguments altogether.
enum CommandLinePassword {
    /// Masks the password of every `--remote URL` and `--remote=URL` argument.
    static func hideInProcessArguments() {
        var followsRemote = false
        for index in 1..<max(1, Int(CommandLine.argc)) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let length = strlen(argument)
            let bytes = UnsafeBufferPointer(start: UnsafePointer(argument), count: length).map { UInt8(bitPattern: $0) }
            let valueStart = followsRemote ? 0 : bytes.starts(with: Array("--remote=".utf8)) ? 9 : nil
            followsRemote = bytes == Array("--remote".utf8)
            guard let valueStart, let password = passwordRange(in: bytes[valueStart...]) else { continue }
            // Only bytes of this argument, before its terminating NUL, are written.
            precondition(password.lowerBound >= 0 && password.upperBound <= length)
            for offset in password { argument[offset] = CChar(bitPattern: UInt8(ascii: "*")) }
        }
    }

    /// Where the password of a URL `scheme://user:password@host…` lies in `url`, by the
    /// indices of `url`'s base; nil when it has none.
    static func passwordRange(in url: ArraySlice<UInt8>) -> Range<Int>? {
        let separator = Array("://".utf8)
        guard
            let schemeEnd = url.indices.first(where: { url[$0...].starts(with: separator) })
        else { return nil }
        let authorityStart = schemeEnd + separator.count
        let authorityEnd = url[authorityStart...].firstIndex(of: UInt8(ascii: "/")) ?? url.endIndex
        guard let at = url[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")),
            let colon = url[authorityStart..<at].firstIndex(of: UInt8(ascii: ":")),
            colon + 1 < at
        else { return nil }
        return (colon + 1)..<at
    }
}
