import ArgumentParser
import DataPersistenceInfrastructure
import Foundation
import SearchDomain
import SearchInfrastructure

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
        let results = result.results.enumerated().map { SearchResultJSON($0.element, number: $0.offset + 1) }
        // The pick is recorded before anything is printed, so that a failure prints nothing.
        var recorded: SearchResultJSON?
        if let pick {
            guard pick <= results.count else {
                throw ValidationError("--pick \(pick) is past the \(results.count) results.")
            }
            let picked = result.results[pick - 1]
            let history = SearchInfrastructureFactory.historyStore
            try await factory.stores.openForWriting(history)
            try await factory.makeMediaSearchHistoryRepository().add(
                MediaSearchHistoryEntry(mediaID: picked.id, kind: picked.kind, timestamp: Date()))
            recorded = results[pick - 1]
        }
        let json = SearchJSON(
            query: result.query, page: result.page, totalPages: result.totalPages, totalResults: result.totalResults,
            results: results, recorded: recorded)
        try environment.output.result(json) {
            if json.results.isEmpty {
                print("Nothing found for “\(json.query)”.")
            } else {
                var table = Table([
                    .init(title: "#", alignRight: true), .init(title: "KIND"), .init(title: "ID", alignRight: true),
                    .init(title: "NAME"),
                ])
                for item in json.results { table.append([String(item.number), item.kind, String(item.id), item.name]) }
                environment.output.table(table)
            }
            if let recorded = json.recorded { print("Recorded \(recorded.name) in your search history.") }
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
            let factory = environment.searchFactory()
            var entries: [MediaSearchHistoryEntry] = []
            let store = SearchInfrastructureFactory.historyStore
            if try await UserStoreAccess.openForReading(store, in: factory.stores, output: environment.output) {
                entries = try await factory.makeMediaSearchHistoryRepository().entries()
            }
            let json = HistoryJSON(entries: entries.map(HistoryEntryJSON.init))
            try environment.output.result(json) {
                guard !json.entries.isEmpty else {
                    print("Your search history is empty. Record a result with: popcorn search QUERY --pick N")
                    return
                }
                var table = Table([.init(title: "KIND"), .init(title: "ID", alignRight: true), .init(title: "WHEN")])
                for entry in json.entries {
                    table.append([entry.kind, String(entry.id), Formatting.timestamp(entry.pickedAt)])
                }
                environment.output.table(table)
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete every history entry.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let environment = AppEnvironment(options: options)
            let factory = environment.searchFactory()
            try await factory.stores.openForWriting(SearchInfrastructureFactory.historyStore)
            let history = try await factory.makeMediaSearchHistoryRepository()
            let count = try await history.entries().count
            try await history.clear()
            try environment.output.result(HistoryClearedJSON(cleared: count)) {
                print("Cleared \(count) history entr\(count == 1 ? "y" : "ies").")
            }
        }
    }
}
