import ArgumentParser

/// Options every subcommand accepts, after the subcommand's name.
package struct GlobalOptions: ParsableArguments, Sendable {
    @Option(name: .long, help: "Folder for user data (the watchlist, the search history); also POPCORN_DATA_DIR.")
    package var dataDir: String?

    @Option(name: .long, help: "Folder for caches; also POPCORN_CACHE_DIR.")
    package var cacheDir: String?

    @Flag(name: .long, help: "Print one JSON object for scripts instead of text (the README shows each shape).")
    package var json = false

    @Flag(name: [.short, .long], help: "Log what happens to standard error.")
    package var verbose = false

    package init() {}
}
