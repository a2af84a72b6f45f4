import ArgumentParser
import Foundation
import SearchDomain

/// `popcorn search QUERY [--pick N]`
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search movies, TV series and people; --pick N records the N-th result in the history."
    )

    @Argument(help: "What to search for.") var query: String
    @Option(help: "Record the N-th result (from 1) in the search history.") var pick: Int?
    @Option(help: "The page of results, from 1.") var page = 1
    @OptionGroup var options: GlobalOptions

    func validate() throws {
        try Validation.page(page)
        if let pick, pick < 1 { throw ValidationError("--pick counts results from 1; got \(pick).") }
    }

    func run() async throws {
        let environment = AppEnvironment(options: options)
        let factory = environment.searchFactory()
        let result = try await factory.makeMediaSearchRepository().search(query: query, page: page)
        var table = Table([
            .init(key: "number", title: "#", alignRight: true), .init(key: "kind", title: "KIND"),
            .init(key: "id", title: "ID", alignRight: true), .init(key: "name", title: "NAME"),
        ])
        for (index, item) in result.results.enumerated() {
            table.append([String(index + 1), item.kind.rawValue, String(item.id), item.displayName])
        }
        if result.results.isEmpty, !environment.output.json {
            environment.output.message("Nothing found for “\(query)”.")
        } else {
            environment.output.table(table)
        }
        guard let pick else { return }
        guard pick <= result.results.count else {
            throw CommandFailure("--pick \(pick) is past the \(result.results.count) results.")
        }
        let picked = result.results[pick - 1]
        let history = try environment.openHistory(factory)
        try await history.add(MediaSearchHistoryEntry(mediaID: picked.id, kind: picked.kind, timestamp: Date()))
        if !environment.output.json {
            print("Recorded \(picked.displayName) in your search history.")
        }
    }
}

/// `popcorn history list | clear`
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "The search results you picked.",
        subcommands: [List.self, Clear.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the history, most recent first.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let history = try environment.openHistory(environment.searchFactory())
            let entries = try await history.entries()
            var table = Table([
                .init(key: "kind", title: "KIND"), .init(key: "id", title: "ID", alignRight: true),
                .init(key: "when", title: "WHEN"),
            ])
            for entry in entries {
                table.append([entry.kind.rawValue, String(entry.mediaID), Formatting.timestamp(entry.timestamp)])
            }
            if entries.isEmpty, !environment.output.json {
                environment.output.message(
                    "Your search history is empty. Record a result with: popcorn search QUERY --pick N")
            } else {
                environment.output.table(table)
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete every history entry.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let history = try environment.openHistory(environment.searchFactory())
            let count = try await history.entries().count
            try await history.clear()
            environment.output.message("Cleared \(count) history entr\(count == 1 ? "y" : "ies").")
        }
    }
}
