import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData
import TVSeriesDomain

/// The series details and credits cache in `popcorn-tvseries.sqlite`, owned by this actor.
@ModelActor
actor SwiftDataTVSeriesLocalDataSource: TVSeriesLocalDataSource {
    func tvSeries(withID id: Int) throws -> CachedValue<TVSeries>? {
        let descriptor = FetchDescriptor<TVSeriesTVSeriesEntity>(predicate: #Predicate { $0.tvSeriesID == id })
        return try modelContext.fetchFirst(descriptor).map {
            CachedValue(value: TVSeriesMapper().map($0), cachedAt: $0.cachedAt)
        }
    }

    func save(_ series: TVSeries, cachedAt: Date) throws {
        let id = series.id
        try modelContext.replace(
            FetchDescriptor<TVSeriesTVSeriesEntity>(predicate: #Predicate { $0.tvSeriesID == id }),
            with: TVSeriesMapper().map(series, cachedAt: cachedAt))
    }

    func credits(forTVSeries id: Int) throws -> CachedValue<Credits>? {
        let descriptor = FetchDescriptor<TVSeriesCreditsEntity>(predicate: #Predicate { $0.tvSeriesID == id })
        return try modelContext.fetchFirst(descriptor).map {
            CachedValue(value: CreditsMapper().map($0), cachedAt: $0.cachedAt)
        }
    }

    func save(_ credits: Credits, forTVSeries id: Int, cachedAt: Date) throws {
        try modelContext.replace(
            FetchDescriptor<TVSeriesCreditsEntity>(predicate: #Predicate { $0.tvSeriesID == id }),
            with: CreditsMapper().map(credits, tvSeriesID: id, cachedAt: cachedAt))
    }
}
