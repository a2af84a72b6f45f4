import Foundation
import GRDB
import OpenSwiftData

/// Fetch every parent and traverse its children; raw GRDB and C read the same with one
/// join. Best of the repetitions, each on a new context.
enum RelationshipWorkload {
    private static let joinSQL = #"""
        SELECT "Parent"."_pk", "Parent"."name", "Child"."_pk", "Child"."name" FROM "Parent" \#
        JOIN "Child" ON "Child"."parent" = "Parent"."_pk" ORDER BY "Parent"."_pk", "Child"."_pk"
        """#

    static func run(_ implementation: Implementation, folder: URL, scale: Scale) throws -> (Double, Int) {
        let url = Setup.file(folder, "families")
        var best = Double.infinity
        var check = 0
        switch implementation {
        case .osd:
            let container = try ModelContainer(
                for: Parent.self, Child.self, configurations: ModelConfiguration(url: url))
            for _ in 0..<scale.repetitions {
                best = try min(
                    best,
                    Clock.time {
                        let context = ModelContext(container)
                        check = 0
                        for parent in try context.fetch(FetchDescriptor<Parent>()) {
                            check += parent.name.count
                            for child in parent.children { check += child.name.count }
                        }
                    })
            }
        case .grdb:
            let pool = try GRDBStore.pool(url)
            for _ in 0..<scale.repetitions {
                best = try min(
                    best,
                    Clock.time {
                        let parents = try pool.read { db in
                            var parents: [ParentValue] = []
                            let rows = try Row.fetchCursor(db, sql: joinSQL)
                            while let row = try rows.next() {
                                let parentID: Int = row[0]
                                if parents.last?.id != parentID {
                                    parents.append(ParentValue(id: parentID, name: row[1], children: []))
                                }
                                parents[parents.count - 1].children.append(ChildValue(id: row[2], name: row[3]))
                            }
                            return parents
                        }
                        check = sum(parents)
                    })
            }
        case .c:
            let db = try CDatabase(path: url.path)
            for _ in 0..<scale.repetitions {
                best = try min(
                    best,
                    Clock.time {
                        let select = try db.prepare(joinSQL)
                        var parents: [ParentValue] = []
                        while try select.step() {
                            let parentID = select.int(0)
                            if parents.last?.id != parentID {
                                parents.append(ParentValue(id: parentID, name: select.text(1), children: []))
                            }
                            parents[parents.count - 1].children.append(
                                ChildValue(id: select.int(2), name: select.text(3)))
                        }
                        check = sum(parents)
                    })
            }
        default:
            throw BenchmarkError.notAContender("relationship", implementation)
        }
        return (best, check)
    }

    private static func sum(_ parents: [ParentValue]) -> Int {
        parents.reduce(0) { total, parent in
            total + parent.name.count + parent.children.reduce(0) { $0 + $1.name.count }
        }
    }
}
