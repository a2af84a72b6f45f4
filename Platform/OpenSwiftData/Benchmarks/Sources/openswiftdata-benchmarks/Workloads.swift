import Foundation

/// Every workload, by the name a child process is given.
enum Workloads {
    static let names = [
        "insert", "fetch-all", "lookup", "open", "lightweight-large", "lightweight-small", "lightweight-plan",
        "custom", "relationship",
    ]

    /// How many rounds of child processes a workload gets, the implementations taking
    /// turns in each: three for the workloads that only read their stores, so that a slow
    /// spell of a shared machine does not land on one implementation alone; one for those
    /// that write theirs (a second run would find the rows inserted or the store migrated).
    static func rounds(of name: String) -> Int {
        ["fetch-all", "lookup", "open", "relationship"].contains(name) ? 3 : 1
    }

    /// Which implementations a workload has: the planned migration is OpenSwiftData's alone.
    static func implementations(of name: String) -> [Implementation] {
        name == "lightweight-plan" ? [.osd] : Implementation.allCases
    }

    static func run(_ name: String, _ implementation: Implementation, folder: URL, scale: Scale) throws
        -> (Double, Int)
    {
        switch name {
        case "noop": (0, 0)
        case "insert": try InsertWorkload.run(implementation, folder: folder, scale: scale)
        case "fetch-all": try FetchAllWorkload.run(implementation, folder: folder, scale: scale)
        case "lookup": try LookupWorkload.run(implementation, folder: folder, scale: scale)
        case "open": try OpenWorkload.run(implementation, folder: folder, scale: scale)
        case "lightweight-large":
            try LightweightMigrationWorkload.run(implementation, folder: folder, size: "large", planned: false)
        case "lightweight-small":
            try LightweightMigrationWorkload.run(implementation, folder: folder, size: "small", planned: false)
        case "lightweight-plan":
            try LightweightMigrationWorkload.run(implementation, folder: folder, size: "large", planned: true)
        case "custom": try CustomMigrationWorkload.run(implementation, folder: folder)
        case "relationship": try RelationshipWorkload.run(implementation, folder: folder, scale: scale)
        default: throw BenchmarkError.unknownWorkload(name)
        }
    }

    /// The row label of a workload at a scale.
    static func label(_ name: String, scale: Scale) -> String {
        let insert = scale.insertRows.formatted()
        let large = scale.largeRows.formatted()
        return switch name {
        case "insert": "insert \(insert) + save"
        case "fetch-all": "fetch all \(insert)"
        case "lookup": "\(scale.lookups.formatted()) indexed lookups (\(large) rows)"
        case "open": "open, 15 entities (median)"
        case "lightweight-large": "lightweight add column, \(large) rows"
        case "lightweight-small": "lightweight add column, \(scale.migrationSmallRows.formatted()) rows"
        case "lightweight-plan": "same, with plan (backup)"
        case "custom": "custom backfill, \(large) rows"
        case "relationship": "\(scale.parents.formatted()) parents × 10 children"
        default: name
        }
    }
}
