import Foundation
import SearchDomain

/// The search history, straight from its user-data store.
struct DefaultMediaSearchHistoryRepository: MediaSearchHistoryRepository {
    let local: SwiftDataMediaSearchHistoryLocalDataSource

    func entries() async throws(MediaSearchHistoryError) -> [MediaSearchHistoryEntry] {
        try await storage { try await local.entries() }
    }

    func add(_ entry: MediaSearchHistoryEntry) async throws(MediaSearchHistoryError) {
        try await storage { try await local.add(entry) }
    }

    @discardableResult
    func remove(mediaID: Int, kind: MediaKind) async throws(MediaSearchHistoryError) -> Bool {
        try await storage { try await local.remove(mediaID: mediaID, kind: kind) }
    }

    func clear() async throws(MediaSearchHistoryError) {
        try await storage { try await local.removeAll() }
    }

    private func storage<T>(_ body: () async throws -> T) async throws(MediaSearchHistoryError) -> T {
        do {
            return try await body()
        } catch {
            throw .storage("\(error)")
        }
    }
}
