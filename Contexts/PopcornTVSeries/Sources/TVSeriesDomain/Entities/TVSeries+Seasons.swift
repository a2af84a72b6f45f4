import Foundation

extension TVSeries {
    /// The seasons without the specials, which TMDb numbers as season 0.
    public var regularSeasons: [TVSeasonSummary] {
        seasons.filter { !$0.isSpecials }
    }

    /// The summary of the season with this number, if the series has it.
    public func season(numbered seasonNumber: Int) -> TVSeasonSummary? {
        seasons.first { $0.seasonNumber == seasonNumber }
    }
}
