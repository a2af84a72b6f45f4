import Foundation
import OpenSwiftData

/// The small model of the insert, fetch-all and lookup workloads.
@Model
final class Item {
    #Index<Item>([\.number])
    var number: Int
    var title: String

    init(number: Int, title: String) {
        self.number = number
        self.title = title
    }
}

/// The one side of the relationship workload.
@Model
final class Parent {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \Child.parent) var children: [Child] = []

    init(name: String) {
        self.name = name
    }
}

/// The many side of the relationship workload.
@Model
final class Child {
    var name: String
    var parent: Parent?

    init(name: String) {
        self.name = name
    }
}

/// The value every implementation stores in row `index` of `count`: numbers are a
/// permutation of 0..<count, so that their order differs from the primary key's.
enum Rows {
    static func number(_ index: Int, of count: Int) -> Int { (index * 7919) % count }
    static func title(_ index: Int) -> String { "item \(index)" }

    /// The same pseudo-random lookup keys for every implementation.
    static func lookupKeys(count: Int, among rows: Int) -> [Int] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(rows))
        }
    }
}
