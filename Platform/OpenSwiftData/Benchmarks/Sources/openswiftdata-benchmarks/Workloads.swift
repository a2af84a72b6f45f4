import Foundation

/// Every workload: what it measures, who runs it, and the targets the issue sets for it,
/// in the order the table prints them.
enum Workloads {
    static let all: [WorkloadSpec] = [
        WorkloadSpec(
            name: "insert", title: { "insert \($0.insertRows.formatted()) + save" }, rounds: 1,
            contenders: [
                Contender(.osd, .subject, "OSD: insert models into a context, save()"),
                Contender(.grdb, .baseline, "GRDB: one prepared INSERT reused, one transaction"),
                Contender(.c, .baseline, "C: one prepared INSERT, one transaction"),
                Contender(.grdbRecords, .reference, "GRDB: Codable records, insert(db), one transaction"),
            ],
            targets: [Target(.ratio(.grdb, 1.5)), Target(.ratio(.c, 2))],
            run: InsertWorkload.run),
        WorkloadSpec(
            name: "fetch-all", title: { "fetch all \($0.insertRows.formatted())" }, rounds: 3,
            contenders: [
                Contender(.osd, .subject, "OSD: fetch(FetchDescriptor<Item>()), read number"),
                Contender(.grdb, .baseline, "GRDB: Row cursor, columns by index → structs"),
                Contender(.c, .baseline, "C: step one prepared SELECT → structs"),
                Contender(.grdbRecords, .reference, "GRDB: Codable records, fetchAll"),
                Contender(.grdbObjects, .reference, "GRDB: Row cursor → an object per row"),
                Contender(.grdbObjectsByKey, .reference, "GRDB: … objects kept unique in a Dictionary by key"),
                Contender(.grdbBufferObjects, .reference, "GRDB: one buffer per fetch, objects reading it when read"),
                Contender(.grdbTrackedObjects, .reference, "GRDB: an object per row with a model's bookkeeping"),
            ],
            targets: [Target(.ratio(.grdb, 1.5)), Target(.ratio(.c, 2.5))],
            run: FetchAllWorkload.run),
        WorkloadSpec(
            name: "lookup",
            title: { "\($0.lookups.formatted()) point lookups (\($0.largeRows.formatted()) rows)" },
            rounds: 3,
            contenders: [
                Contender(.osd, .subject, "OSD: #Predicate number == key, fetchLimit 1"),
                Contender(.grdb, .baseline, "GRDB: cached statement, all in one read"),
                Contender(.c, .baseline, "C: one prepared statement, one read transaction"),
                Contender(.grdbReadPerLookup, .reference, "GRDB: cached statement, a read per lookup"),
                Contender(.cReadPerLookup, .reference, "C: one prepared statement, autocommit"),
            ],
            targets: [Target(.ratio(.grdb, 1.5))],
            run: LookupWorkload.run),
        WorkloadSpec(
            name: "parallel-read",
            title: {
                "\(ParallelReadWorkload.readers) readers × \($0.lookups.formatted()) lookups (\($0.largeRows.formatted()) rows)"
            },
            rounds: 3,
            contenders: [
                Contender(.osd, .subject, "OSD: a @ModelActor per reader, all at once"),
                Contender(.grdb, .baseline, "GRDB: DatabasePool, a concurrent read per reader"),
                Contender(.osdOneReader, .reference, "OSD: one @ModelActor doing every reader's lookups"),
                Contender(.grdbOneReader, .reference, "GRDB: one read doing every reader's lookups"),
            ],
            // 0.55× one reader's time: at least 1.8 times its throughput.
            targets: [Target(.ratio(.osdOneReader, 0.55)), Target(.ratio(.grdb, 2))],
            run: ParallelReadWorkload.run),
        WorkloadSpec(
            name: "read-during-write",
            title: { "longest lookup while \(($0.largeRows / 4).formatted()) rows are saved" }, rounds: 1,
            contenders: [
                Contender(.osd, .subject, "OSD: @ModelActor fetch; a context saves on another thread"),
                Contender(.grdb, .baseline, "GRDB: DatabasePool read; a write on another thread"),
            ],
            targets: [Target(.time(50))],
            run: ReadDuringWriteWorkload.run),
        WorkloadSpec(
            name: "open", title: { _ in "open, 15 entities, up to date (median)" }, rounds: 3,
            contenders: [
                Contender(.osd, .subject, "OSD: ModelContainer, then fetchCount"),
                Contender(.grdb, .baseline, "GRDB: DatabasePool, then SELECT count(*)"),
                Contender(.c, .baseline, "C: sqlite3_open_v2, then SELECT count(*)"),
            ],
            targets: [Target(.margin(.grdb, 1))],
            run: OpenWorkload.run),
        WorkloadSpec(
            name: "relationship", title: { "\($0.parents.formatted()) parents × 10 children" }, rounds: 3,
            contenders: [
                Contender(.osd, .subject, "OSD: fetch parents, walk parent.children"),
                Contender(.grdb, .baseline, "GRDB: one JOIN, Row cursor by index → structs"),
                Contender(.c, .baseline, "C: one JOIN → structs"),
            ],
            targets: [Target(.ratio(.grdb, 2))],
            run: RelationshipWorkload.run),
        WorkloadSpec(
            name: "delete-where", title: { "delete(model:where:) of \($0.largeRows.formatted()) rows + save" },
            rounds: 1,
            contenders: [
                Contender(.osd, .subject, "OSD: delete(model:where:), save(): in SQL, no model read"),
                Contender(.grdb, .baseline, "GRDB: one DELETE, one transaction"),
                Contender(.c, .baseline, "C: one DELETE, one transaction"),
            ],
            targets: [Target(.peak(64))],
            run: DeleteWhereWorkload.run),
        WorkloadSpec(
            name: "scale-lookup",
            title: { "scale: one point lookup (\($0.scaleRows.formatted()) rows, median)" }, rounds: 1,
            contenders: [
                Contender(.osd, .subject, "OSD: #Predicate number == key, fetchLimit 1"),
                Contender(.grdb, .baseline, "GRDB: cached statement in its own read"),
                Contender(.c, .baseline, "C: one prepared statement, autocommit"),
            ],
            targets: [Target(.time(1))],
            run: ScaleWorkloads.lookup, usesScaleStore: true),
        WorkloadSpec(
            name: "scale-enumerate", title: { "scale: enumerate \($0.scaleRows.formatted()) rows" }, rounds: 1,
            contenders: [
                Contender(.osd, .subject, "OSD: enumerate(FetchDescriptor<Item>())"),
                Contender(.grdb, .baseline, "GRDB: Row cursor by index → a struct per row"),
                Contender(.c, .baseline, "C: step one SELECT → a struct per row"),
            ],
            targets: [Target(.peak(64))],
            run: ScaleWorkloads.enumerate, usesScaleStore: true),
        WorkloadSpec(
            name: "scale-batched-fetch", title: { "scale: fetch(_:batchSize:) of \($0.scaleRows.formatted()) rows" },
            rounds: 1,
            contenders: [
                Contender(.osd, .subject, "OSD: fetch(FetchDescriptor<Item>(), batchSize: 5000), walked"),
                Contender(.grdb, .baseline, "GRDB: Row cursor by index → a struct per row"),
                Contender(.c, .baseline, "C: step one SELECT → a struct per row"),
            ],
            targets: [Target(.peak(64))],
            run: ScaleWorkloads.batchedFetch, usesScaleStore: true),
        WorkloadSpec(
            name: "scale-migration",
            title: { "scale: lightweight add column (\($0.scaleRows.formatted()) rows)" }, rounds: 1,
            contenders: [
                Contender(.osd, .subject, "OSD: open with one optional attribute more"),
                Contender(.grdb, .baseline, "GRDB: ALTER TABLE ADD COLUMN"),
                Contender(.c, .baseline, "C: ALTER TABLE ADD COLUMN"),
            ],
            targets: [Target(.time(50))],
            run: ScaleWorkloads.migration, usesScaleStore: true),
        WorkloadSpec(
            name: "lightweight-large", title: { "add column, \($0.largeRows.formatted()) rows" }, rounds: 1,
            contenders: [
                Contender(.osd, .subject, "OSD: inferred lightweight migration"),
                Contender(.grdb, .reference, "GRDB: ALTER TABLE ADD COLUMN"),
                Contender(.c, .reference, "C: ALTER TABLE ADD COLUMN"),
            ],
            targets: [
                Target(.time(50), isReference: true), Target(.near("lightweight-small", 10), isReference: true),
            ],
            run: { implementation, folders, _ in
                try LightweightMigrationWorkload.run(implementation, folder: folders.run, size: "large", planned: false)
            }),
        WorkloadSpec(
            name: "lightweight-small", title: { "add column, \($0.migrationSmallRows.formatted()) rows" },
            rounds: 1,
            contenders: [
                Contender(.osd, .subject, "OSD: inferred lightweight migration"),
                Contender(.grdb, .reference, "GRDB: ALTER TABLE ADD COLUMN"),
                Contender(.c, .reference, "C: ALTER TABLE ADD COLUMN"),
            ],
            targets: [],
            run: { implementation, folders, _ in
                try LightweightMigrationWorkload.run(implementation, folder: folders.run, size: "small", planned: false)
            }),
        WorkloadSpec(
            name: "lightweight-plan", title: { "add column with a plan, \($0.largeRows.formatted()) rows" },
            rounds: 1,
            contenders: [Contender(.osd, .subject, "OSD: MigrationStage.lightweight (writes a backup)")],
            targets: [],
            run: { implementation, folders, _ in
                try LightweightMigrationWorkload.run(implementation, folder: folders.run, size: "large", planned: true)
            }),
        WorkloadSpec(
            name: "custom", title: { "custom backfill, \($0.largeRows.formatted()) rows" }, rounds: 1,
            contenders: [
                Contender(.osd, .subject, "OSD: custom stage, 10,000 models a page"),
                Contender(.grdb, .reference, "GRDB: cursor + prepared UPDATE, one transaction"),
                Contender(.c, .reference, "C: cursor + prepared UPDATE, one transaction"),
            ],
            targets: [Target(.ratio(.grdb, 3), isReference: true), Target(.peak(100), isReference: true)],
            run: { implementation, folders, _ in try CustomMigrationWorkload.run(implementation, folder: folders.run) }),
    ]

    static var names: [String] { all.map(\.name) }

    static func spec(_ name: String) throws -> WorkloadSpec {
        guard let spec = all.first(where: { $0.name == name }) else { throw BenchmarkError.unknownWorkload(name) }
        return spec
    }

    /// Runs one workload's implementation in this process: the time in milliseconds and a
    /// checksum of what it read or wrote.
    static func run(_ name: String, _ implementation: Implementation, folders: Folders, scale: Scale) throws
        -> (Double, Int)
    {
        if name == "noop" { return (0, 0) }
        let spec = try spec(name)
        guard spec.contenders.contains(where: { $0.implementation == implementation }) else {
            throw BenchmarkError.notAContender(name, implementation)
        }
        return try spec.run(implementation, folders, scale)
    }
}

/// One workload: its rows in the table and the code that runs it.
struct WorkloadSpec: Sendable {
    /// The name on the command line (`--only`, `--workload`).
    let name: String
    /// The table's name for it, at a scale.
    let title: @Sendable (Scale) -> String
    /// How many rounds of child processes it gets, the implementations taking turns in
    /// each: three for the workloads that only read their stores, so that a slow spell of a
    /// shared machine does not land on one implementation alone (the table keeps each
    /// one's best); one for those that write theirs, and for the scale workloads.
    let rounds: Int
    /// Who runs it, in the table's order: OpenSwiftData first.
    let contenders: [Contender]
    let targets: [Target]
    let run: @Sendable (Implementation, Folders, Scale) throws -> (Double, Int)
    /// Whether it reads the 10,000,000-row store of the scale folder.
    var usesScaleStore = false

    init(
        name: String, title: @escaping @Sendable (Scale) -> String, rounds: Int, contenders: [Contender],
        targets: [Target], run: @escaping @Sendable (Implementation, Folders, Scale) throws -> (Double, Int),
        usesScaleStore: Bool = false
    ) {
        self.name = name
        self.title = title
        self.rounds = rounds
        self.contenders = contenders
        self.targets = targets
        self.run = run
        self.usesScaleStore = usesScaleStore
    }

    init(
        name: String, title: @escaping @Sendable (Scale) -> String, rounds: Int, contenders: [Contender],
        targets: [Target], run: @escaping @Sendable (Implementation, URL, Scale) throws -> (Double, Int)
    ) {
        self.init(
            name: name, title: title, rounds: rounds, contenders: contenders, targets: targets,
            run: { try run($0, $1.run, $2) })
    }
}

/// What a row of a workload's group is.
enum Role: Sendable {
    /// OpenSwiftData: the code measured.
    case subject
    /// The best code a GRDB or C user writes for the workload: what the targets compare with.
    case baseline
    /// For comparison only: what a user picks instead, or simpler code than the baselines.
    case reference
}

/// One row of a workload's group: who runs it, and what the code does.
struct Contender: Sendable {
    let implementation: Implementation
    let role: Role
    let label: String

    init(_ implementation: Implementation, _ role: Role, _ label: String) {
        self.implementation = implementation
        self.role = role
        self.label = label
    }
}

/// A goal set for OpenSwiftData on one workload, judged on one run's measurements.
struct Target: Sendable {
    enum Kind: Sendable {
        /// OSD's time at most this many times the implementation's.
        case ratio(Implementation, Double)
        /// OSD's time at most the implementation's plus this many milliseconds.
        case margin(Implementation, Double)
        /// OSD's time under this many milliseconds.
        case time(Double)
        /// OSD's peak memory (the child process's `VmHWM`) at most this many MB.
        case peak(Double)
        /// OSD's time within this many milliseconds of its time on another workload
        /// ("independent of row count").
        case near(String, Double)
    }

    let kind: Kind
    /// A target kept for reference: shown, not counted among the targets met.
    let isReference: Bool

    init(_ kind: Kind, isReference: Bool = false) {
        self.kind = kind
        self.isReference = isReference
    }
}
