import Foundation
import TVSeriesDomain

/// Domain values the tests store and compare.
enum Fixtures {
    static func series(id: Int, name: String = "Breaking Bad") -> TVSeries {
        TVSeries(
            id: id, name: name, originalName: name, originalLanguage: "en", overview: "A chemistry teacher.",
            firstAirDate: Date(timeIntervalSinceReferenceDate: 222_000_000),
            lastAirDate: Date(timeIntervalSinceReferenceDate: 401_000_000), status: "Ended",
            genres: [Genre(id: 80, name: "Crime"), Genre(id: 18, name: "Drama")],
            seasons: [
                TVSeasonSummary(id: 3577, seasonNumber: 0, name: "Specials", episodeCount: 9),
                TVSeasonSummary(
                    id: 3572, seasonNumber: 1, name: "Season 1", overview: "First.",
                    airDate: Date(timeIntervalSinceReferenceDate: 222_000_000), episodeCount: 7,
                    posterPath: "/s1.jpg"),
                TVSeasonSummary(id: 3573, seasonNumber: 2, name: "Season 2", episodeCount: 13),
            ],
            numberOfSeasons: 2, numberOfEpisodes: 20, posterPath: "/poster.jpg", backdropPath: "/backdrop.jpg",
            voteAverage: 8.9, voteCount: 12_000)
    }

    static let credits = Credits(
        cast: [
            CastMember(id: 17419, name: "Bryan Cranston", character: "Walter White", order: 0, profilePath: "/b.jpg"),
            CastMember(id: 84497, name: "Aaron Paul", character: "Jesse Pinkman", order: 1),
        ],
        crew: [
            CrewMember(id: 66633, name: "Vince Gilligan", job: "Creator", department: "Writing"),
            CrewMember(id: 5162, name: "Mark Johnson", job: "Executive Producer", department: "Production"),
        ])

    static func episode(_ episodeNumber: Int, inSeason seasonNumber: Int) -> TVEpisode {
        TVEpisode(
            id: seasonNumber * 1000 + episodeNumber, seasonNumber: seasonNumber, episodeNumber: episodeNumber,
            name: "Episode \(episodeNumber)", overview: "Overview \(episodeNumber).",
            airDate: Date(timeIntervalSinceReferenceDate: 222_000_000 + Double(episodeNumber) * 604_800),
            runtime: 45 + episodeNumber, stillPath: "/still\(episodeNumber).jpg", voteAverage: 8)
    }

    static func season(_ seasonNumber: Int, ofTVSeries tvSeriesID: Int) -> TVSeason {
        TVSeason(
            id: 3500 + seasonNumber, tvSeriesID: tvSeriesID, seasonNumber: seasonNumber, name: "Season \(seasonNumber)",
            overview: "Season overview.", airDate: Date(timeIntervalSinceReferenceDate: 222_000_000),
            posterPath: "/season.jpg", episodes: (1...3).map { episode($0, inSeason: seasonNumber) })
    }
}
