import Foundation
import SearchDomain
import Testing

@testable import SearchInfrastructure

@Suite("The history entry mapper")
struct MapperTests {
    let mapper = MediaSearchHistoryEntryMapper()

    @Test("maps every kind to a stored media type and back")
    func roundTrip() {
        for kind in MediaKind.allCases {
            #expect(mapper.kind(of: mapper.mediaType(of: kind)) == kind)
            #expect(mapper.mediaType(of: kind).rawValue == kind.rawValue)
        }
    }

    @Test("maps a complete entity to an entry")
    func complete() {
        let date = Date(timeIntervalSinceReferenceDate: 1_000)
        let entity = SearchMediaSearchHistoryEntryEntity(mediaID: 1396, mediaType: .tvSeries, timestamp: date)
        #expect(mapper.map(entity) == MediaSearchHistoryEntry(mediaID: 1396, kind: .tvSeries, timestamp: date))
    }

    @Test("skips an entity missing its id, type or timestamp")
    func incomplete() {
        let missingID = SearchMediaSearchHistoryEntryEntity(mediaID: 1, mediaType: .movie)
        missingID.mediaID = nil
        let missingType = SearchMediaSearchHistoryEntryEntity(mediaID: 1, mediaType: .movie)
        missingType.mediaType = nil
        let missingDate = SearchMediaSearchHistoryEntryEntity(mediaID: 1, mediaType: .movie)
        missingDate.timestamp = nil
        #expect([missingID, missingType, missingDate].allSatisfy { mapper.map($0) == nil })
    }
}
