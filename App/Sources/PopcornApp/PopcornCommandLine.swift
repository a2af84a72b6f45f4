/// The `popcorn` command line as a library: what the `popcorn` executable runs, and what a
/// build of a later release runs with its newer user-store versions (the end-to-end tests'
/// `popcorn-next`).
public enum PopcornCommandLine {
    /// Runs the command line, then exits the process: every failure is one line on standard
    /// error and a non-zero exit status (``ExitStatus``), never a stack trace.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program's name; the process's by default.
    ///   - userStoreOverrides: Newer versions of user-data stores for the `stores` commands
    ///     to check and migrate to, as a later release would ship them; none by default.
    public static func run(
        _ arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        userStoreOverrides: [UserStoreOverride] = []
    ) async {
        await Popcorn.runCommandLine(arguments, userStoreOverrides: userStoreOverrides)
    }
}
