import Foundation

extension ModelContextCore {
    /// Reads a relationship of a model of a custom store from the model's last snapshot (read
    /// again from the store when a merged save let it go): its targets' identifiers,
    /// resolved to the context's models (registered ones, or made from snapshots the context
    /// holds or the store gives). Targets that the store no longer has are left out, and so
    /// are targets deleted in the context, unless their deletion left the link, as the SQLite
    /// store's reads do (``linkSurvivesDeletion(of:at:)``: a `.noAction` or `.deny` rule back).
    func loadDataStoreRelationship(
        of owner: any PersistentModel, at index: Int, isToMany: Bool, store: any OpenedDataStore
    ) throws -> RelationshipSlot {
        let backing = owner.persistentBackingData
        let session = dataStoreSession(starting: store)
        let name = backing.entity.properties[index].name
        let keepsDeleted = linkSurvivesDeletion(of: backing.entity, at: index)
        var snapshot = session.snapshots[backing.persistentModelID]
        if snapshot == nil, backing.state == .persisted {
            // A merged save changed what the model holds, and its snapshot was let go.
            snapshot = try snapshots(of: [backing.persistentModelID], store: store, session: session).first
            session.snapshots[backing.persistentModelID] = snapshot
        }
        switch snapshot?.values[name] {
        case .toOne(let target?)?:
            let model = try models(for: [target], store: store, session: session, keepsDeleted: keepsDeleted).first
            return .toOne(model)
        case .toMany(let targets)?:
            return .toMany(try models(for: targets, store: store, session: session, keepsDeleted: keepsDeleted))
        default:
            return isToMany ? .toMany([]) : .toOne(nil)
        }
    }

    /// The models of some identifiers of a custom store, in order; those deleted in the
    /// context only when `keepsDeleted`.
    func models(
        for identifiers: [PersistentIdentifier], store: any OpenedDataStore, session: DataStoreSession,
        keepsDeleted: Bool = false
    ) throws -> [any PersistentModel] {
        var found: [PersistentIdentifier: any PersistentModel] = [:]
        var missing: [PersistentIdentifier] = []
        for identifier in identifiers {
            guard let entity = container.schema.descriptorsByName[identifier.entityName] else { continue }
            if let key = store.keys.existingKey(for: identifier), let model = identityMap[IdentityMap.key(entity, key)]
            {
                found[identifier] = model
            } else if let snapshot = session.snapshots[identifier] {
                found[identifier] = materialize(snapshot, entity: entity, store: store)
            } else {
                missing.append(identifier)
            }
        }
        if !missing.isEmpty {
            for snapshot in try snapshots(of: missing, store: store, session: session) {
                guard let entity = container.schema.descriptorsByName[snapshot.persistentIdentifier.entityName]
                else { continue }
                session.snapshots[snapshot.persistentIdentifier] = snapshot
                found[snapshot.persistentIdentifier] = materialize(snapshot, entity: entity, store: store)
            }
        }
        let models = identifiers.compactMap { found[$0] }
        return keepsDeleted ? models : models.filter { $0.persistentBackingData.state != .deleted }
    }

    /// The store's snapshots of some identifiers: those it holds in memory
    /// (``DataStore/cachedSnapshots(for:editingState:)``), then, for each entity, those a
    /// fetch of the identifiers gives.
    func snapshots(
        of identifiers: [PersistentIdentifier], store: any OpenedDataStore, session: DataStoreSession
    ) throws -> [DefaultSnapshot] {
        let cached = try store.cachedSnapshots(for: identifiers, editingState: editingState)
        var snapshots = Array(cached.values)
        let rest = identifiers.filter { cached[$0] == nil }
        for (entityName, wanted) in Dictionary(grouping: rest, by: \.entityName) {
            guard let entity = container.schema.descriptorsByName[entityName] else { continue }
            func fetch<T: PersistentModel>(_: T.Type) throws -> [DefaultSnapshot] {
                let keys = Set(wanted)
                let descriptor = FetchDescriptor<T>(predicate: #Predicate { wanted.contains($0.persistentModelID) })
                return try fetchSnapshots(descriptor, from: store).result.fetchedSnapshots.filter {
                    keys.contains($0.persistentIdentifier)
                }
            }
            snapshots += try fetch(entity.modelType)
        }
        return snapshots
    }
}
