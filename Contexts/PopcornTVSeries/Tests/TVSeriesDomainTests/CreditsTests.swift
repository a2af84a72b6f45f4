import Foundation
import TVSeriesDomain
import Testing

@Suite("Credits")
struct CreditsTests {
    @Test("the billed cast is sorted by order, ties kept in source order")
    func billedCast() {
        let credits = Credits(cast: [
            CastMember(id: 3, name: "C", order: 2),
            CastMember(id: 1, name: "A", order: 0),
            CastMember(id: 4, name: "D", order: 2),
            CastMember(id: 2, name: "B", order: 1),
        ])
        #expect(credits.billedCast.map(\.id) == [1, 2, 3, 4])
    }

    @Test("crew members are found by job")
    func crewByJob() {
        let credits = Credits(crew: [
            CrewMember(id: 1, name: "Creator", job: "Creator", department: "Writing"),
            CrewMember(id: 2, name: "Producer A", job: "Executive Producer"),
            CrewMember(id: 3, name: "Producer B", job: "Executive Producer"),
        ])
        #expect(credits.crew(withJob: "Executive Producer").map(\.id) == [2, 3])
        #expect(credits.crew(withJob: "Composer").isEmpty)
    }

    @Test("repository errors compare by case and reason, and describe themselves")
    func errors() {
        #expect(TVSeriesRepositoryError.notFound == .notFound)
        #expect(TVSeriesRepositoryError.unavailable("offline") != .unavailable("timeout"))
        #expect(TVSeriesRepositoryError.unavailable("offline").description == "TV series are unavailable: offline")
    }
}
