import Foundation
import TVSeriesDomain
import Testing

@Suite("TV series")
struct TVSeriesTests {
    let series = TVSeries(
        id: 1, name: "Series",
        seasons: [
            TVSeasonSummary(id: 10, seasonNumber: 0, name: "Specials"),
            TVSeasonSummary(id: 11, seasonNumber: 1, name: "Season 1", episodeCount: 7),
            TVSeasonSummary(id: 12, seasonNumber: 2, name: "Season 2", episodeCount: 13),
        ])

    @Test("the regular seasons leave out the specials (season 0)")
    func regularSeasons() {
        #expect(series.regularSeasons.map(\.seasonNumber) == [1, 2])
        #expect(series.seasons[0].isSpecials)
        #expect(!series.seasons[1].isSpecials)
    }

    @Test("a season is found by its number, and a missing one is nil")
    func seasonByNumber() {
        #expect(series.season(numbered: 2)?.id == 12)
        #expect(series.season(numbered: 0)?.name == "Specials")
        #expect(series.season(numbered: 9) == nil)
    }

    @Test("a series without seasons has no regular seasons")
    func noSeasons() {
        #expect(TVSeries(id: 2, name: "New").regularSeasons.isEmpty)
    }
}
