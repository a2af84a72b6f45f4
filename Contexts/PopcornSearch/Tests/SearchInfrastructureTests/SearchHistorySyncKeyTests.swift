import OpenSwiftData
import Testing

@testable import SearchInfrastructure

@Suite("Search history sync key")
struct SearchHistorySyncKeyTests {
    @Test("the store's sync key is the entry's media id and type, attributes of the current schema")
    func namesAttributes() throws {
        #expect(
            SearchInfrastructureFactory.historyStore.syncKeysByEntity == [
                "SearchMediaSearchHistoryEntryEntity": ["mediaID", "mediaType"]
            ])
        for (entity, key) in SearchInfrastructureFactory.historyStore.syncKeysByEntity {
            let attributes = try #require(SearchInfrastructureFactory.historyStore.schema.entity(named: entity))
                .attributes
            for property in key { #expect(attributes.contains { $0.name == property }) }
        }
    }
}
