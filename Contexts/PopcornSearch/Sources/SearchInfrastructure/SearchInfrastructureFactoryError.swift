import DataPersistenceInfrastructure
import Foundation

/// Why ``SearchInfrastructureFactory/openHistoryStore()`` could not open the search
/// history. In both cases no file was deleted or changed.
public enum SearchInfrastructureFactoryError: Error, CustomStringConvertible, LocalizedError {
    /// The legacy `searchkit-cloudkit.sqlite` could not be moved to its new name (it is
    /// in use, or a rename failed); both files are as they were.
    case legacyStoreRelocationFailed(LegacyStoreRelocationError)
    /// The store could not be opened or migrated; its file is untouched.
    case historyStoreUnavailable(ModelContainerFactoryError)

    public var description: String {
        switch self {
        case .legacyStoreRelocationFailed(let error): "Cannot open the search history: \(error.description)"
        case .historyStoreUnavailable(let error): "Cannot open the search history: \(error.description)"
        }
    }

    public var errorDescription: String? { description }
}
