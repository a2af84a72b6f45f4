import ArgumentParser
import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation
import MoviesDomain
import SearchDomain
import TVSeriesDomain

/// The exit statuses of `popcorn`, the same with and without `--json` (the README lists
/// them). The numbers are those of BSD's `sysexits.h`, as ArgumentParser's usage error is.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// Any other failure; also `stores check` when it finds a problem.
    case failure = 1
    /// The command line is wrong: an unknown command or option, a bad value, `sync` with
    /// no server or a remote that is not a `postgres://` URL.
    case usage = 64
    /// A store refused the command and was left as it was: written by a newer version,
    /// damaged, not a Popcorn store, or read-only for a command that changes it; also the
    /// sync server's tables written by a newer release.
    case storeRefused = 65
    /// What the command names does not exist: a movie, series, season, watchlist entry,
    /// store or backup file.
    case notFound = 66
    /// TMDb (or the offline catalog) could not answer: no network, an HTTP error, a bad
    /// token; or the sync server: unreachable, a wrong password, no such database, a failure.
    case network = 69

    /// The status for a failure: a ``CommandFailure`` says its own, the contexts' errors
    /// are sorted by cause, ArgumentParser's by its own rules.
    static func of(_ error: any Error, parserStatus: Int32) -> ExitStatus {
        switch error {
        case let failure as CommandFailure: failure.status
        case let error as MovieRepositoryError:
            switch error {
            case .notFound: .notFound
            case .unavailable: .network
            case .storage: .storeRefused
            }
        case let error as TVSeriesRepositoryError:
            switch error {
            case .notFound: .notFound
            case .unavailable: .network
            }
        case let error as DiscoverRepositoryError:
            switch error {
            case .invalidPage: .usage
            case .notFound: .notFound
            case .unavailable: .network
            }
        case let error as MediaSearchError:
            switch error {
            case .emptyQuery, .invalidPage: .usage
            case .unavailable: .network
            }
        case is MediaSearchHistoryError, is ModelContainerFactoryError: .storeRefused
        case let error as StoreMaintenanceError:
            switch error.cause {
            case .notUserData: .usage
            case .notFound: .notFound
            case .refused: .storeRefused
            }
        default: parserStatus == ExitStatus.usage.rawValue ? .usage : .failure
        }
    }
}

/// A failure a person can act on, printed as one line, and the exit status it ends with.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    let status: ExitStatus

    init(_ description: String, status: ExitStatus = .failure) {
        self.description = description
        self.status = status
    }

    static func notFound(_ description: String) -> CommandFailure {
        CommandFailure(description, status: .notFound)
    }

    static func storeRefused(_ description: String) -> CommandFailure {
        CommandFailure(description, status: .storeRefused)
    }
}

extension CommandFailure: LocalizedError {
    var errorDescription: String? { description }
}
