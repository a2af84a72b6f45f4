import Foundation
import SearchDomain
import Testing

@Suite("A search history entry")
struct MediaSearchHistoryEntryTests {
    @Test("is the same media as another with the same id and kind, whatever the time")
    func sameMedia() {
        let first = MediaSearchHistoryEntry(mediaID: 550, kind: .movie, timestamp: Date(timeIntervalSince1970: 1))
        let later = MediaSearchHistoryEntry(mediaID: 550, kind: .movie, timestamp: Date(timeIntervalSince1970: 2))
        let series = MediaSearchHistoryEntry(mediaID: 550, kind: .tvSeries, timestamp: Date(timeIntervalSince1970: 1))
        #expect(first.isSameMedia(as: later))
        #expect(first != later)
        #expect(!first.isSameMedia(as: series))
    }

    @Test("has three kinds of media")
    func kinds() {
        #expect(MediaKind.allCases == [.movie, .tvSeries, .person])
        #expect(MediaKind.tvSeries.rawValue == "tvSeries")
    }
}
