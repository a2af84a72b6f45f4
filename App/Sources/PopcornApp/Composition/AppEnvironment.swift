import DataPersistenceInfrastructure
import DiscoverInfrastructure
import Foundation
import Logging
import MoviesInfrastructure
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
        var logger = Logger(label: "popcorn") { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .trace
            return handler
        }
        logger.logLevel = options.verbose ? .debug : .error
        self.logger = logger
        output = Output(json: options.json)
    }

    /// Whether the offline catalog answers (no TMDb token set).
    var isOffline: Bool { service is OfflineCatalog }

    /// The TVSeries context, its cache store open.
    func tvSeriesFactory() throws -> TVSeriesInfrastructureFactory {
        let factory = TVSeriesInfrastructureFactory(
            cacheDirectory: locations.cacheDirectory, remoteDataSource: TMDbTVSeriesRemoteDataSource(service: service),
            logger: logger.with(label: "PopcornTVSeries"))
        do {
            try factory.openCacheStore()
        } catch {
            throw CommandFailure(error.description)
        }
        return factory
    }

    /// The Discover context, its cache store open.
    func discoverFactory() throws -> DiscoverInfrastructureFactory {
        let factory = DiscoverInfrastructureFactory(
            cacheDirectory: locations.cacheDirectory, remoteDataSource: TMDbDiscoverRemoteDataSource(service: service),
            logger: logger.with(label: "PopcornDiscover"))
        do {
            try factory.openCacheStore()
        } catch {
            throw CommandFailure(error.description)
        }
        return factory
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
