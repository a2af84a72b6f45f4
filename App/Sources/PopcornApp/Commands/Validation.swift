import ArgumentParser
import DataPersistenceInfrastructure
import MoviesDomain
import MoviesInfrastructure

/// Checks of command-line values, each failing with one clear line.
enum Validation {
    static func id(_ id: Int) throws {
        guard id > 0 else { throw ValidationError("An id is a positive whole number; got \(id).") }
    }

    static func page(_ page: Int) throws {
        guard (1...500).contains(page) else { throw ValidationError("--page must be between 1 and 500; got \(page).") }
    }
}

extension MoviesInfrastructureFactory {
    /// Opens the cache store or fails with a message instead of stopping the program.
    func openCacheStoreForCommand() throws {
        do {
            try openCacheStore()
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Opens the watchlist store or fails with a message; the store is left untouched.
    func openWatchlistStoreForCommand() throws {
        do {
            try openWatchlistStore()
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
