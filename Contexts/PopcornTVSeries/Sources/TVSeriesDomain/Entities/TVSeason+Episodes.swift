import Foundation

extension TVSeason {
    /// The episode with this number, if the season has it.
    public func episode(numbered episodeNumber: Int) -> TVEpisode? {
        episodes.first { $0.episodeNumber == episodeNumber }
    }

    /// The sum of the known episode runtimes, in minutes; episodes without a runtime
    /// count as zero.
    public var totalRuntime: Int {
        episodes.reduce(0) { $0 + ($1.runtime ?? 0) }
    }
}
