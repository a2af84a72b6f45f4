import Foundation
import OpenSwiftData

// Fifteen entities for the container-open workload: a few attributes each, one index,
// one unique attribute and two relationships.

@Model final class E01 {
    @Attribute(.unique) var code: String
    var name: String
    var createdAt: Date
    init(code: String) {
        self.code = code
        self.name = code
        self.createdAt = .now
    }
}

@Model final class E02 {
    #Index<E02>([\.rank])
    var rank: Int
    var label: String?
    init(rank: Int) { self.rank = rank }
}

@Model final class E03 {
    var title: String
    @Relationship(deleteRule: .cascade, inverse: \E04.owner) var parts: [E04] = []
    init(title: String) { self.title = title }
}

@Model final class E04 {
    var weight: Double
    var owner: E03?
    init(weight: Double) { self.weight = weight }
}

@Model final class E05 {
    var flag: Bool
    var identifier: UUID
    init(flag: Bool) {
        self.flag = flag
        self.identifier = UUID()
    }
}

@Model final class E06 {
    var link: URL?
    var count: Int
    init(count: Int) { self.count = count }
}

@Model final class E07 {
    var payload: Data?
    var size: Int
    init(size: Int) { self.size = size }
}

@Model final class E08 {
    var amount: Decimal
    var currency: String
    init(amount: Decimal, currency: String) {
        self.amount = amount
        self.currency = currency
    }
}

@Model final class E09 {
    var tags: [String]
    var note: String?
    init(tags: [String]) { self.tags = tags }
}

@Model final class E10 {
    var start: Date
    var end: Date?
    init(start: Date) { self.start = start }
}

@Model final class E11 {
    var latitude: Double
    var longitude: Double
    init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

@Model final class E12 {
    var name: String
    var position: Int
    init(name: String, position: Int) {
        self.name = name
        self.position = position
    }
}

@Model final class E13 {
    var text: String
    var score: Float
    init(text: String, score: Float) {
        self.text = text
        self.score = score
    }
}

@Model final class E14 {
    var key: String
    var value: String?
    init(key: String) { self.key = key }
}

@Model final class E15 {
    var version: Int
    var summary: String
    init(version: Int, summary: String) {
        self.version = version
        self.summary = summary
    }
}

enum FifteenEntities {
    static let types: [any PersistentModel.Type] = [
        E01.self, E02.self, E03.self, E04.self, E05.self, E06.self, E07.self, E08.self, E09.self, E10.self,
        E11.self, E12.self, E13.self, E14.self, E15.self,
    ]
}
