/// Logs `message`, a C format string, with `args`, as Apple's `os_log`:
/// `os_log("Saved %{public}@ in %.2f s", log: log, type: .info, name, seconds)`. Annotations
/// `public`, `private`, `sensitive` and `mask.hash` set a value's privacy (strings and
/// objects are private by default, numbers public); `bool` and `BOOL` write `true`/`YES`.
/// `dso` is accepted for Apple's signature and not used.
public func os_log(
    _ message: StaticString, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default,
    type: OSLogType = .default, _ args: any CVarArg..., file: String = #fileID, function: String = #function,
    line: UInt = #line
) {
    log.write(type, message, args, file: file, function: function, line: line)
}

/// Logs `message`, a C format string, with `args` at `type`, as Apple's `os_log(_:dso:log:_:_:)`.
public func os_log(
    _ type: OSLogType, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default, _ message: StaticString,
    _ args: any CVarArg..., file: String = #fileID, function: String = #function, line: UInt = #line
) {
    log.write(type, message, args, file: file, function: function, line: line)
}

extension OSLog {
    /// Writes a C-format message if swift-log's level lets it through; only then is it formatted.
    func write(
        _ type: OSLogType, _ message: StaticString, _ args: [any CVarArg], file: String, function: String,
        line: UInt
    ) {
        destination.log(
            level: type.swiftLogLevel,
            "\(PrintfFormat(message.description).rendered(args, privateData: privateData))",
            file: file, function: function, line: line)
    }
}
