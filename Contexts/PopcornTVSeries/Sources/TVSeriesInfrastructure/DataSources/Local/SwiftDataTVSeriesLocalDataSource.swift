import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData
import TVSeriesDomain

/// The series details and credits cache in `popcorn-tvseries.sqlite`, on the store's actor.
struct SwiftDataTVSeriesLocalDataSource: Sendable {
    let store: StoreActor

    func tvSeries(withID id: Int) async throws -> CachedValue<TVSeries>? {
        try await store.cachedValue(Self.series(id)) { TVSeriesMapper().map($0) }
    }

    func save(_ series: TVSeries, cachedAt: Date) async throws {
        try await store.replace(Self.series(series.id)) { TVSeriesMapper().map(series, cachedAt: cachedAt) }
    }

    func credits(forTVSeries id: Int) async throws -> CachedValue<Credits>? {
        try await store.cachedValue(Self.credits(id)) { CreditsMapper().map($0) }
    }

    func save(_ credits: Credits, forTVSeries id: Int, cachedAt: Date) async throws {
        try await store.replace(Self.credits(id)) { CreditsMapper().map(credits, tvSeriesID: id, cachedAt: cachedAt) }
    }

    private static func series(_ id: Int) -> FetchDescriptor<TVSeriesTVSeriesEntity> {
        FetchDescriptor(predicate: #Predicate { $0.tvSeriesID == id })
    }

    private static func credits(_ id: Int) -> FetchDescriptor<TVSeriesCreditsEntity> {
        FetchDescriptor(predicate: #Predicate { $0.tvSeriesID == id })
    }
}
