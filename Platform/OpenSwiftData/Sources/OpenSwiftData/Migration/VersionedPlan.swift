/// A migration plan checked for consistency, with each version's layout.
struct VersionedPlan {
    struct Version {
        let type: any VersionedSchema.Type
        let schema: Schema
        var identifier: Schema.Version { schema.version }
    }

    let versions: [Version]
    let stages: [MigrationStage]

    /// Checks a plan before anything is touched: versions strictly increasing, one stage
    /// from each version to the next, no custom stage between two versions stored
    /// identically, and the container's schema equal to the last version. Versions stored
    /// identically are allowed otherwise, as SwiftData allows them (a version whose models
    /// reach, through relationships, every model a later one lists): a store of their shape
    /// is at the last of them (``versionIndex(of:path:)``), the lightweight stages between
    /// them having nothing to do; a custom stage there could never be known to have run.
    init(_ plan: any SchemaMigrationPlan.Type, current: Schema) throws(SwiftDataError) {
        let versions = plan.schemas.map { Version(type: $0, schema: Schema(versionedSchema: $0)) }
        guard let last = versions.last else {
            throw .invalidMigrationPlan(reason: "\(plan) lists no schemas")
        }
        for version in versions {
            if let invalidity = version.schema.invalidity { throw invalidity }
        }
        for (earlier, later) in zip(versions, versions.dropFirst()) where earlier.identifier >= later.identifier {
            throw .invalidMigrationPlan(
                reason: "versions must increase, but \(later.identifier) follows \(earlier.identifier)")
        }
        let stages = plan.stages
        guard stages.count == versions.count - 1 else {
            throw .invalidMigrationPlan(
                reason:
                    "\(versions.count) versions need \(versions.count - 1) stages, one from each version to the next, but \(stages.count) are listed"
            )
        }
        for (index, stage) in stages.enumerated() {
            guard stage.fromVersion == versions[index].type, stage.toVersion == versions[index + 1].type else {
                throw .invalidMigrationPlan(
                    reason:
                        "stage \(index + 1) must go from \(versions[index].identifier) to \(versions[index + 1].identifier), but it is \(stage)"
                )
            }
        }
        for (index, version) in versions.enumerated() {
            for later in (index + 1)..<versions.count
            where versions[later].schema.layout.hashes == version.schema.layout.hashes
                && stages[index..<later].contains(where: \.hasCustomCode)
            {
                throw .duplicateVersionShapes(
                    first: "\(version.identifier) (\(version.type))",
                    second: "\(versions[later].identifier) (\(versions[later].type))")
            }
        }
        guard current.layout.hashes == last.schema.layout.hashes else {
            throw .invalidMigrationPlan(
                reason: "the container's schema is not the plan's latest version \(last.identifier): "
                    + current.layout.differences(from: StoredMetadata(layout: last.schema.layout)).joined(
                        separator: "; ")
            )
        }
        self.versions = versions
        self.stages = stages
    }

    /// A plan already checked: a projection of a checked plan (``projected(onto:)``).
    init(versions: [Version], stages: [MigrationStage]) {
        self.versions = versions
        self.stages = stages
    }

    var latest: Schema.Version { versions[versions.count - 1].identifier }

    /// The index of the version a store was written by, found by its shapes: the last
    /// of the versions stored that way (versions of a projected plan may store one
    /// store's models alike, and then the stages between them have nothing to do there).
    func versionIndex(of stored: StoredMetadata, path: String) throws(SwiftDataError) -> Int {
        if let index = versions.lastIndex(where: { $0.schema.layout.hashes == stored.hashes }) {
            return index
        }
        if let stamped = stored.version, stamped > latest {
            throw .storeIsNewer(path: path, storeVersion: stamped.description, latestKnownVersion: latest.description)
        }
        let nearest = versions.min { lhs, rhs in
            lhs.schema.layout.differences(from: stored).count < rhs.schema.layout.differences(from: stored).count
        }
        throw .unknownModelVersion(
            path: path, nearestVersion: nearest?.identifier.description,
            differences: nearest?.schema.layout.differences(from: stored) ?? [])
    }
}
