import ArgumentParser
import Foundation

/// `popcorn`: browse movies, keep a watchlist, and look after the stores.
package struct Popcorn: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "popcorn",
        abstract: "Browse movies and TV series, keep a watchlist and a search history, and look after the stores.",
        discussion: """
            Without TMDB_API_TOKEN, an offline catalog built into popcorn answers; with it, TMDb does.
            Stores live in $XDG_DATA_HOME/popcorn (user data) and $XDG_CACHE_HOME/popcorn (caches).
            """,
        version: PopcornVersion.current,
        subcommands: [
            MoviesCommand.self, TVCommand.self, DiscoverCommand.self, SearchCommand.self, WatchlistCommand.self,
            HistoryCommand.self, StoresCommand.self, SyncCommand.self,
        ]
    )

    package init() {}

    /// Runs the command line; every failure is one line on standard error and a non-zero
    /// exit status (``ExitStatus``), never a stack trace, and nothing on standard output.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program's name.
    ///   - userStoreOverrides: Newer versions of user-data stores for the `stores` commands
    ///     to check and migrate to, as a later release would ship them. `popcorn` passes
    ///     none; a test fixture passes a V2 to prove `stores migrate` end to end.
    static func runCommandLine(
        _ arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        userStoreOverrides: [UserStoreOverride] = []
    ) async {
        CommandLinePassword.hideInProcessArguments()
        do {
            var command = try parseAsRoot(arguments)
            try await StoreCatalog.$current.withValue(StoreCatalog(overrides: userStoreOverrides)) {
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help, --version, --generate-completion-script: the full text, on standard output.
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            FileHandle.standardError.write(
                Data("popcorn: \(message.replacingOccurrences(of: "Error: ", with: ""))\n".utf8))
            Foundation.exit(ExitStatus.of(error, parserStatus: code.rawValue).rawValue)
        }
    }
}
