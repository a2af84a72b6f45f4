extension VersionedPlan {
    /// The plan as one store of a container of several configurations sees it: each
    /// version keeps the models of `entityNames`, the entities that store holds now or
    /// held before. Stages are the plan's; a version whose models of this store are
    /// stored as the next version's leaves nothing for the stage between them to do
    /// (``versionIndex(of:path:)`` starts after it).
    func projected(onto entityNames: Set<String>) -> VersionedPlan {
        VersionedPlan(
            versions: versions.map { version in
                let types = version.schema.descriptors.filter { entityNames.contains($0.name) }.map(\.modelType)
                return Version(type: version.type, schema: Schema(types, version: version.identifier))
            },
            stages: stages)
    }
}
