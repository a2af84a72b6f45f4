import DataPersistenceInfrastructure
import DiscoverInfrastructure
import Foundation
import Logging
import MoviesInfrastructure
import SearchInfrastructure
import TMDb
import TVSeriesInfrastructure

/// Everything a command needs, built from the global options and the environment: where
/// the stores are, which TMDb service answers, the logger, and each context's factory.
struct AppEnvironment: Sendable {
    let locations: StoreLocations
    let service: any TMDbService
    let logger: Logger
    let output: Output

    init(options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment) {
        locations = StoreLocations(
            dataDirectoryOverride: options.dataDir, cacheDirectoryOverride: options.cacheDir, environment: environment)
        service = TMDbServiceFactory.makeService(environment: environment)
        if options.verbose {
            var logger = Logger(label: "popcorn") { label in StreamLogHandler.standardError(label: label) }
            logger.logLevel = .debug
            self.logger = logger
        } else {
            self.logger = Logger(label: "popcorn") { _ in WarningLogHandler() }
        }
        output = Output(json: options.json)
    }

    /// The TVSeries context; its cache store opens when a repository is made.
    func tvSeriesFactory() -> TVSeriesInfrastructureFactory {
        TVSeriesInfrastructureFactory(
            locations: locations, remoteDataSource: TMDbTVSeriesRemoteDataSource(service: service),
            logger: logger.with(label: "PopcornTVSeries"))
    }

    /// The Discover context; its cache store opens when a repository is made.
    func discoverFactory() -> DiscoverInfrastructureFactory {
        DiscoverInfrastructureFactory(
            locations: locations, remoteDataSource: TMDbDiscoverRemoteDataSource(service: service),
            logger: logger.with(label: "PopcornDiscover"))
    }

    func searchFactory() -> SearchInfrastructureFactory {
        SearchInfrastructureFactory(
            locations: locations, remoteDataSource: TMDbMediaSearchRemoteDataSource(service: service),
            logger: logger.with(label: "PopcornSearch"))
    }

    /// The Movies context's watchlist, which needs no remote.
    func watchlistFactory() -> WatchlistInfrastructureFactory {
        WatchlistInfrastructureFactory(locations: locations, logger: logger.with(label: "PopcornMovies"))
    }

    func moviesFactory() -> MoviesInfrastructureFactory {
        MoviesInfrastructureFactory(
            locations: locations, remoteDataSource: TMDbMovieRemoteDataSource(service: service),
            logger: logger.with(label: "PopcornMovies"))
    }
}

extension Logger {
    /// A logger with the same handler and level under another label.
    func with(label: String) -> Logger {
        var copy = self
        copy[metadataKey: "context"] = .string(label)
        return copy
    }
}
