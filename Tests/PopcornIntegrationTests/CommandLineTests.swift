import Foundation
import PopcornApp
import Testing

@Suite("popcorn, end to end")
struct CommandLineTests {
    @Test("popular movies come from the offline catalog on a fresh machine")
    func popularOffline() throws {
        let popcorn = PopcornProcess()
        let result = try popcorn.run(["movies", "popular"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("  ID  TITLE") == true)
        #expect(lines.count >= 21, "a page of 20 movies and the page line")
        #expect(result.standardError.isEmpty)
        #expect(
            FileManager.default.fileExists(atPath: popcorn.cacheDirectory.appending(path: "popcorn-movies.sqlite").path)
        )
    }

    @Test("the watchlist keeps movies between runs, newest first, and --json is parseable")
    func watchlist() throws {
        let popcorn = PopcornProcess()
        let popular = try popcorn.json(MovieListJSON.self, ["movies", "popular"])
        let ids = popular.results.prefix(2).map { String($0.id) }
        #expect(ids.count == 2)
        for id in ids {
            let add = try popcorn.run(["watchlist", "add", id])
            #expect(add.status == 0)
            #expect(add.standardOutput.hasPrefix("Added "))
        }
        // Adding one again keeps one entry and says it was there.
        let twice = try popcorn.run(["watchlist", "add", ids[1]])
        #expect(twice.status == 0)
        #expect(twice.standardOutput.contains("(\(ids[1])) is already on your watchlist, added on "))
        let entries = try popcorn.json(WatchlistJSON.self, ["watchlist", "list"]).movies
        #expect(entries.map { String($0.id) }.sorted() == ids.sorted())
        #expect(try popcorn.run(["watchlist", "remove", ids[0]]).status == 0)
        let again = try popcorn.run(["watchlist", "remove", ids[0]])
        #expect(again.status == 66)
        #expect(again.standardError == "popcorn: Movie \(ids[0]) is not on your watchlist.\n")
    }

    @Test(
        "bad input is one line on standard error and a non-zero exit",
        arguments: [
            ["frobnicate"], ["movies", "show"], ["movies", "show", "abc"], ["movies", "show", "-5"],
            ["movies", "show", "999999"], ["movies", "popular", "--page", "0"], ["watchlist", "add", "x"],
        ])
    func badInput(arguments: [String]) throws {
        let result = try PopcornProcess().run(arguments)
        #expect(result.status != 0)
        #expect(result.standardError.hasPrefix("popcorn: "))
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(!result.standardError.contains("Stack"))
    }

    @Test("stores status lists the five stores")
    func storesStatus() throws {
        let popcorn = PopcornProcess()
        _ = try popcorn.run(["watchlist", "add", "1019"])
        let stores = try popcorn.json(StoresStatusJSON.self, ["stores", "status"]).stores
        #expect(stores.count == 5)
        let watchlist = try #require(stores.first { $0.file == "popcorn-movies-cloudkit.sqlite" })
        #expect(watchlist.schemaVersion == "1.0.0")
        #expect(watchlist.rows.map(\.entity) == ["MoviesWatchlistMovieEntity"] && watchlist.rows.first?.count == 1)
        #expect(stores.first { $0.file == "popcorn-tvseries.sqlite" }?.state == "missing")
    }

    @Test("--version prints the version, which stores status shows too")
    func version() throws {
        let popcorn = PopcornProcess()
        let result = try popcorn.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == PopcornVersion.current + "\n")
        #expect(PopcornVersion.current.contains(/^\d+\.\d+\.\d+$/))
        let status = try popcorn.run(["stores", "status"])
        #expect(status.standardOutput.hasPrefix("popcorn \(PopcornVersion.current)\n"))
        #expect(try popcorn.json(StoresStatusJSON.self, ["stores", "status"]).popcornVersion == PopcornVersion.current)
    }

    @Test("completion scripts for bash, zsh and fish; bash's completes a command, an option and a subcommand")
    func completions() throws {
        let popcorn = PopcornProcess()
        for (shell, marker) in [("zsh", "#compdef popcorn"), ("fish", "complete -c 'popcorn'")] {
            let result = try popcorn.run(["--generate-completion-script", shell])
            #expect(result.status == 0)
            #expect(result.standardOutput.contains(marker), "\(shell)")
        }
        let bash = try popcorn.run(["--generate-completion-script", "bash"])
        #expect(bash.status == 0)
        #expect(bash.standardOutput.contains("complete -o filenames -F _popcorn popcorn"))
        let script = popcorn.root.appending(path: "popcorn.bash")
        try FileManager.default.createDirectory(at: popcorn.root, withIntermediateDirectories: true)
        try bash.standardOutput.write(to: script, atomically: true, encoding: .utf8)
        // As bash calls the completion function: the words so far, the word being completed.
        // ($0 is popcorn's path, which the launcher passes first.)
        let complete = #"""
            source "$1"
            read -ra COMP_WORDS <<< "$2"
            [[ "$2" == *" " ]] && COMP_WORDS+=("")
            COMP_LINE="$2"; COMP_POINT=${#2}; COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _popcorn popcorn "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            echo "${COMPREPLY[*]}"
            """#
        for (line, expected) in [
            ("popcorn wat", "watchlist"), ("popcorn watchlist list --js", "--json"),
            ("popcorn stores res", "restore reset-caches"),
        ] {
            let result = try popcorn.run([script.path, line], launcher: ["/bin/bash", "-c", complete])
            #expect(result.standardOutput == expected + "\n", "\(line): \(result.standardError)")
        }
    }
}
