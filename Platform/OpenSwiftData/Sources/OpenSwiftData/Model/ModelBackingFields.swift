/// A model's state in its context, besides its stored values: the header of its
/// ``ModelBackingData``, whose stored values follow it in the same allocation.
///
/// Public only because it is the header type of a public class's superclass; nothing
/// in it is public.
///
/// Every fetched row allocates one of these, so it is kept small: the rare state is in
/// side objects created on first use (``PendingChanges``, ``IdentifierMemo``), and the
/// fields are in an order that leaves no padding (88 bytes).
public struct ModelBackingFields {
    /// The model's entity. Not retained: every entity descriptor stays in the process's
    /// registry (``EntityDescriptor/of(_:)``) for the life of the process, and a retain
    /// and a release per fetched row are measurable.
    unowned(unsafe) let entity: EntityDescriptor
    /// Relationship targets, by property index; empty when the entity has none.
    var relationships: [RelationshipSlot]
    /// The context the model is registered in. Held strongly, as SwiftData does, so
    /// that a fetched model can still load its relationships after the code that
    /// fetched it has let go of the context.
    var context: ModelContext?
    /// The query that last read this model's row, and the row's place in it, so that a
    /// relationship faulted here is read for the neighbouring rows too.
    var fetchBatch: FetchBatch?
    var fetchBatchPosition = 0
    /// The identity-map table the model is registered in, from which the backing data's
    /// `deinit` removes it. Not retained: a context never drops a table, and the
    /// backing data holds the context (``context``) until its `deinit` has run.
    var identityTable: Unmanaged<PrimaryKeyTable>?
    /// Changes since the last save; nil until the first one.
    var pendingChanges: PendingChanges?
    /// A temporary identifier, or the store of a context the model left; nil for most.
    var identifierMemo: IdentifierMemo?
    /// The model's own observation registrar, made at its first change (see
    /// ``ModelObservation``); nil for most fetched models.
    var observation: ObservationRegistrarBox?
    var primaryKey: Int64?
    var state: ModelState = .detached
    /// Relationships assigned in the model's initialiser, whose inverses are set up when
    /// the model is inserted.
    var hasInitialRelationships = false
    /// Set while a fetched row's model is created: the row's values stand, the
    /// properties' initial values do not apply (see ``RowBackingHandOff``).
    var ignoresInitialValues = false
    /// The number of stored values after the header: one per property of the entity.
    @usableFromInline let valueCount: Int32

    init(entity: __shared EntityDescriptor, relationships: [RelationshipSlot], primaryKey: Int64?) {
        self.entity = entity
        self.relationships = relationships
        self.primaryKey = primaryKey
        self.valueCount = Int32(entity.properties.count)
    }
}

// The fields, read and written through the header's address: a `ManagedBuffer`'s
// `header` is a stored property of a class, whose accesses the compiler checks for
// exclusivity at run time wherever it cannot prove them exclusive, and a fetch touches
// several fields per row. Nothing here passes a field `inout` or changes one while
// another access to it is under way, which is what such checks catch.
extension ModelBackingData {
    var fields: UnsafeMutablePointer<ModelBackingFields> {
        withUnsafeMutablePointerToHeader { $0 }
    }

    var entity: EntityDescriptor { fields.pointee.entity }

    /// The stored form of each attribute, and the target's key of each to-one
    /// relationship; unused (NULL) for to-many relationships.
    var values: StoredValues {
        StoredValues(base: withUnsafeMutablePointerToElements { $0 }, count: Int(fields.pointee.valueCount))
    }

    var relationships: [RelationshipSlot] {
        get { fields.pointee.relationships }
        set { fields.pointee.relationships = newValue }
    }

    var context: ModelContext? {
        get { fields.pointee.context }
        set { fields.pointee.context = newValue }
    }

    var fetchBatch: FetchBatch? {
        get { fields.pointee.fetchBatch }
        set { fields.pointee.fetchBatch = newValue }
    }

    var fetchBatchPosition: Int {
        get { fields.pointee.fetchBatchPosition }
        set { fields.pointee.fetchBatchPosition = newValue }
    }

    var identityTable: PrimaryKeyTable? {
        get { fields.pointee.identityTable?.takeUnretainedValue() }
        set { fields.pointee.identityTable = newValue.map(Unmanaged.passUnretained) }
    }

    var pendingChanges: PendingChanges? {
        get { fields.pointee.pendingChanges }
        set { fields.pointee.pendingChanges = newValue }
    }

    var identifierMemo: IdentifierMemo? {
        get { fields.pointee.identifierMemo }
        set { fields.pointee.identifierMemo = newValue }
    }

    var observation: ObservationRegistrarBox? {
        get { fields.pointee.observation }
        set { fields.pointee.observation = newValue }
    }

    var primaryKey: Int64? {
        get { fields.pointee.primaryKey }
        set { fields.pointee.primaryKey = newValue }
    }

    var state: ModelState {
        get { fields.pointee.state }
        set { fields.pointee.state = newValue }
    }

    var hasInitialRelationships: Bool {
        get { fields.pointee.hasInitialRelationships }
        set { fields.pointee.hasInitialRelationships = newValue }
    }

    var ignoresInitialValues: Bool {
        get { fields.pointee.ignoresInitialValues }
        set { fields.pointee.ignoresInitialValues = newValue }
    }
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
