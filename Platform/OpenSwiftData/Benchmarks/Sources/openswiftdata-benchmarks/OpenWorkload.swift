import Foundation
import GRDB
import GRDBSQLite
import OpenSwiftData

/// Open an up-to-date store of 15 entities, and read once; the median of `openRepetitions`
/// opens. Closing is not timed.
enum OpenWorkload {
    static func run(_ implementation: Implementation, folder: URL, scale: Scale) throws -> (Double, Int) {
        let url = Setup.file(folder, "fifteen")
        var times: [Double] = []
        var check = 0
        for _ in 0..<scale.openRepetitions {
            switch implementation {
            case .osd:
                var container: ModelContainer?
                times.append(
                    try Clock.time {
                        container = try ModelContainer(
                            for: Schema(FifteenEntities.types), configurations: [ModelConfiguration(url: url)])
                        check = try ModelContext(container!).fetchCount(FetchDescriptor<E01>())
                    })
                container = nil
            case .grdb:
                var pool: DatabasePool?
                times.append(
                    try Clock.time {
                        pool = try GRDBStore.pool(url)
                        check = try pool!.read { db in try Int.fetchOne(db, sql: #"SELECT count(*) FROM "E01""#) ?? 0 }
                    })
                try pool?.close()
            case .c:
                var db: CDatabase?
                times.append(
                    try Clock.time {
                        db = try CDatabase(path: url.path)
                        let count = try db!.prepare(#"SELECT count(*) FROM "E01""#)
                        _ = try count.step()
                        check = count.int(0)
                    })
                db = nil
            default:
                throw BenchmarkError.notAContender("open", implementation)
            }
        }
        return (Clock.median(times), check)
    }
}
