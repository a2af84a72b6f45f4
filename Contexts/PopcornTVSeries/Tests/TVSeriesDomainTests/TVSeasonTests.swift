import Foundation
import TVSeriesDomain
import Testing

@Suite("TV seasons")
struct TVSeasonTests {
    let season = TVSeason(
        id: 11, tvSeriesID: 1, seasonNumber: 1, name: "Season 1",
        episodes: [
            TVEpisode(id: 101, seasonNumber: 1, episodeNumber: 1, name: "Pilot", runtime: 58),
            TVEpisode(id: 102, seasonNumber: 1, episodeNumber: 2, name: "Two", runtime: nil),
            TVEpisode(id: 103, seasonNumber: 1, episodeNumber: 3, name: "Three", runtime: 47),
        ])

    @Test("an episode is found by its number, and a missing one is nil")
    func episodeByNumber() {
        #expect(season.episode(numbered: 3)?.name == "Three")
        #expect(season.episode(numbered: 4) == nil)
    }

    @Test("the total runtime adds the known runtimes")
    func totalRuntime() {
        #expect(season.totalRuntime == 105)
        #expect(TVSeason(id: 1, tvSeriesID: 1, seasonNumber: 1, name: "Empty").totalRuntime == 0)
    }
}
