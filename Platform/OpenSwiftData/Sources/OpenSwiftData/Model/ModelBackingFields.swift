/// A model's state in its context, besides its stored values: the header of its
/// ``ModelBackingData``, whose stored values follow it in the same allocation.
///
/// Public only because it is the header type of a public class's superclass; nothing
/// in it is public.
///
/// Every fetched row allocates one of these, so it is kept small: the rare state is in
/// side objects created on first use (`PendingChanges`, `IdentifierMemo`).
@_documentation(visibility: internal)
public struct ModelBackingFields {
    /// The model's entity. Unowned(unsafe), so that a fetch pays no retain and release
    /// per row. Invariant: every entity descriptor stays in the process's registry
    /// (`EntityDescriptor.of(_:)`) for the life of the process, so it outlives every
    /// backing data (checked by `SoundnessTests.entityDescriptorsLiveForTheProcess`).
    unowned(unsafe) let entity: EntityDescriptor
    /// Relationship targets, by property index; empty when the entity has none.
    var relationships: [RelationshipSlot]
    /// The context the model is registered in. Held strongly, as SwiftData does, so
    /// that a fetched model can still load its relationships after the code that
    /// fetched it has let go of the context.
    var context: ModelContextCore?
    /// The query that last read this model's row, and the row's place in it, so that a
    /// relationship faulted here is read for the neighbouring rows too.
    var fetchBatch: FetchBatch?
    var fetchBatchPosition = 0
    /// The identity-map table the model is registered in, from which its entry is
    /// removed when the model ends (``ModelBackingReference``). Not counted: a retain
    /// per fetched row is measurable, and so is the one an `unowned(unsafe)` reference
    /// costs each time it is used (``ModelBackingData/recordAccess(of:keyPath:)``, at
    /// every property read). Invariant: set only together with ``context``, which is
    /// held strongly and never drops a table, and cleared with it
    /// (``ModelBackingData/leaveContext()``), so the table outlives the reference
    /// (checked by `SoundnessTests.modelsOutliveTheirContext` and
    /// `SoundnessTests.observedReadsOutliveTheContext`).
    var identityTable: Unmanaged<PrimaryKeyTable>?
    /// Changes since the last save; nil until the first one.
    var pendingChanges: PendingChanges?
    /// A temporary identifier, or the store of a context the model left; nil for most.
    var identifierMemo: IdentifierMemo?
    /// The model's own observation registrar, made at its first change (see
    /// ``ModelObservation``); nil for most fetched models.
    var observation: ObservationRegistrarBox?
    /// The row's primary key when ``hasRowKey``; kept as two fields rather than an
    /// `Int64?`, whose ninth byte would be padded to a word of its own.
    private var rowKey: Int64 = 0
    private var hasRowKey = false
    var state: ModelState = .detached
    /// Relationships assigned in the model's initialiser, whose inverses are set up when
    /// the model is inserted.
    var hasInitialRelationships = false
    /// Set on the backing data a new model of a `@Model` subclass gets: the classes of
    /// its hierarchy have yet to hand over the values their initializers stored.
    @usableFromInline var needsInheritedValues = false
    /// The number of stored values after the header (``valueCount``), in the four bytes
    /// the one-byte fields above leave before the next word.
    @usableFromInline let storedValueCount: Int32

    init(entity: __shared EntityDescriptor, relationships: [RelationshipSlot], primaryKey: Int64?) {
        self.entity = entity
        self.relationships = relationships
        let count = entity.properties.count
        precondition(count <= Int(Int32.max), "an entity has fewer than 2^31 properties")
        storedValueCount = Int32(truncatingIfNeeded: count)
        self.primaryKey = primaryKey
    }

    /// The row's primary key; nil for a model that has no row yet.
    var primaryKey: Int64? {
        get { hasRowKey ? rowKey : nil }
        set {
            rowKey = newValue ?? 0
            hasRowKey = newValue != nil
        }
    }

    /// The number of stored values after the header: one per property of the entity.
    @inlinable
    var valueCount: Int { Int(storedValueCount) }
}

// The header's fields, each read or written in one short access through the header's
// address, inside `withUnsafeMutablePointerToHeader`'s closure: `header` is a stored
// property of `ManagedBuffer`, whose accesses the compiler checks for exclusivity at run
// time wherever it cannot prove them exclusive, and a fetch touches several fields per
// row. No access here lasts beyond one load or one store, so none can overlap another.
extension ModelBackingData {
    var entity: EntityDescriptor { withUnsafeMutablePointerToHeader { $0.pointee.entity } }

    /// The relationship slots, by property index. Setting slots that hold models records
    /// their relationships in the context's ``ModelContextCore/linkedRelationships``, as
    /// ``setRelationship(_:at:)`` does.
    var relationships: [RelationshipSlot] {
        get { withUnsafeMutablePointerToHeader { $0.pointee.relationships } }
        set {
            withUnsafeMutablePointerToHeader { $0.pointee.relationships = newValue }
            recordLinks()
        }
    }

    /// Replaces the relationship slot at `index`. A slot that holds models, in a model
    /// registered in a context, records its relationship there: the context then knows
    /// which relationships may hold its models in a cycle (``LinkedRelationships``).
    func setRelationship(_ slot: RelationshipSlot, at index: Int) {
        withUnsafeMutablePointerToHeader { $0.pointee.relationships[index] = slot }
        if slot.holdsModels, let context { context.linkedRelationships.insert(entity, at: index) }
    }

    /// Registers the model in `context`, recording the relationships in which it already
    /// holds models (a new model's, set before it was inserted) as ``setRelationship(_:at:)``
    /// records those set later.
    func join(_ context: ModelContextCore) {
        self.context = context
        recordLinks()
    }

    /// Records, in the model's context, each relationship whose slot holds models.
    private func recordLinks() {
        let entity = self.entity
        guard entity.hasRelationships, let context else { return }
        for (index, slot) in relationships.enumerated() where slot.holdsModels {
            context.linkedRelationships.insert(entity, at: index)
        }
    }

    /// The relationship slot at `index`.
    func relationship(at index: Int) -> RelationshipSlot {
        withUnsafeMutablePointerToHeader { $0.pointee.relationships[index] }
    }

    /// The context the model is registered in. A model whose relationships may already hold
    /// models (one made by the app) joins one with ``join(_:)``, which records them.
    var context: ModelContextCore? {
        get { withUnsafeMutablePointerToHeader { $0.pointee.context } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.context = newValue } }
    }

    var fetchBatch: FetchBatch? {
        get { withUnsafeMutablePointerToHeader { $0.pointee.fetchBatch } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.fetchBatch = newValue } }
    }

    var fetchBatchPosition: Int {
        get { withUnsafeMutablePointerToHeader { $0.pointee.fetchBatchPosition } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.fetchBatchPosition = newValue } }
    }

    var identityTable: PrimaryKeyTable? {
        get { withUnsafeMutablePointerToHeader { $0.pointee.identityTable?.takeUnretainedValue() } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.identityTable = newValue.map(Unmanaged.passUnretained) } }
    }

    var pendingChanges: PendingChanges? {
        get { withUnsafeMutablePointerToHeader { $0.pointee.pendingChanges } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.pendingChanges = newValue } }
    }

    var identifierMemo: IdentifierMemo? {
        get { withUnsafeMutablePointerToHeader { $0.pointee.identifierMemo } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.identifierMemo = newValue } }
    }

    var observation: ObservationRegistrarBox? {
        get { withUnsafeMutablePointerToHeader { $0.pointee.observation } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.observation = newValue } }
    }

    var primaryKey: Int64? {
        get { withUnsafeMutablePointerToHeader { $0.pointee.primaryKey } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.primaryKey = newValue } }
    }

    var state: ModelState {
        get { withUnsafeMutablePointerToHeader { $0.pointee.state } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.state = newValue } }
    }

    var hasInitialRelationships: Bool {
        get { withUnsafeMutablePointerToHeader { $0.pointee.hasInitialRelationships } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.hasInitialRelationships = newValue } }
    }

    /// Whether a new model of a `@Model` subclass still has values to gather from the
    /// classes of its hierarchy (see `ModelBackingReference.handOver(from:to:properties:)`).
    /// Public, and inlinable, for `@Model`'s generated accessors.
    @_documentation(visibility: internal)
    @inlinable
    public var needsInheritedValues: Bool {
        get { withUnsafeMutablePointerToHeader { $0.pointee.needsInheritedValues } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.needsInheritedValues = newValue } }
    }

    /// The number of stored values: one per property of the entity.
    @inlinable
    var valueCount: Int { withUnsafeMutablePointerToHeader { $0.pointee.valueCount } }
}

/// A model's place in its context's life cycle.
enum ModelState {
    /// Not registered in any context.
    case detached
    /// Inserted, not saved yet.
    case inserted
    /// Backed by a row of the store.
    case persisted
    /// Deleted; the row goes at the next save.
    case deleted
}

/// A relationship's targets once known.
enum RelationshipSlot {
    /// Not read from the store yet; a to-one's key is in the stored values.
    case notLoaded
    case toOne((any PersistentModel)?)
    case toMany([any PersistentModel])
}
