import OpenSwiftData

/// Reads and writes one relationship of models of one entity as a field of their
/// records: a to-one as the target's record name (JSON null for none), a to-many as the
/// sorted JSON array of its targets' record names.
///
/// Only one side of an inverse pair is a field (``isField(_:inverse:entity:)``): the
/// other side is what the store derives from it, so the two never disagree on the server.
struct LinkCodec {
    let name: String
    let targetEntity: String
    let isToMany: Bool
    /// The relationship of the targets back to this entity, if any.
    let inverseName: String?
    let deleteRule: Schema.Relationship.DeleteRule
    /// The targets a model's relationship holds.
    let read: (any PersistentModel) throws -> [any PersistentModel]
    /// Sets a model's relationship to these targets (the first one for a to-one, none
    /// for nil), through its setter, which keeps the inverse in step.
    let write: (any PersistentModel, [any PersistentModel]) throws -> Void

    /// Whether a relationship of `entity` is synced as a field of its records: a to-one
    /// whose inverse is a to-many is, the to-many is not; a relationship without inverse
    /// is; of two sides alike (to-one and to-one, to-many and to-many), the one whose
    /// entity and name sort first is.
    static func isField(_ relationship: Schema.Relationship, inverse: Schema.Relationship?, entity: String) -> Bool {
        guard let inverse else { return true }
        let isToMany = !relationship.isToOneRelationship
        let inverseIsToMany = !inverse.isToOneRelationship
        if isToMany != inverseIsToMany { return !isToMany }
        return (entity, relationship.name) < (relationship.destination, inverse.name)
    }

    /// The codec of a relationship of `Model`; nil when its key path cannot be written.
    static func make<Model: PersistentModel>(
        _ relationship: Schema.Relationship, _ metadata: Schema.PropertyMetadata, of _: Model.Type
    ) -> LinkCodec? {
        // The key path's own type gives the relationship's value type.
        (metadata.keypath as? any WritableLinkKeyPath)?.linkCodec(relationship, metadata, of: Model.self)
    }

    fileprivate static func make<Model: PersistentModel, Value>(
        _ relationship: Schema.Relationship, _ metadata: Schema.PropertyMetadata, _: Value.Type, of _: Model.Type
    ) -> LinkCodec? {
        guard let keyPath = metadata.keypath as? ReferenceWritableKeyPath<Model, Value> else { return nil }
        let name = metadata.name
        let isToMany = !relationship.isToOneRelationship
        let none = (Value.self as? any ExpressibleByNilLiteral.Type).flatMap { $0.init(nilLiteral: ()) as? Value }
        func model(_ any: any PersistentModel) throws -> Model {
            guard let model = any as? Model else { throw FieldError.wrongModel(name) }
            return model
        }
        return LinkCodec(
            name: name, targetEntity: relationship.destination, isToMany: isToMany,
            inverseName: relationship.inverseName, deleteRule: relationship.deleteRule,
            read: { owner in
                let value = try model(owner)[keyPath: keyPath]
                if let one = value as? any PersistentModel { return [one] }
                return (value as Any) as? [any PersistentModel] ?? []
            },
            write: { owner, targets in
                let value: Value?
                if isToMany {
                    // An array of the relationship's own element type, cast element by element.
                    value = (targets as Any) as? Value
                } else {
                    value = targets.first.map { ($0 as Any) as? Value } ?? none
                }
                guard let value else { throw FieldError.wrongTargets(name) }
                try model(owner)[keyPath: keyPath] = value
            })
    }

    /// The field's JSON text for these target record names.
    func text(names: [String]) -> String {
        if isToMany {
            return "[" + names.sorted().map(JSONText.string).joined(separator: ",") + "]"
        }
        return names.first.map(JSONText.string) ?? "null"
    }

    /// The target record names a field's JSON text holds.
    func names(in text: String) throws -> [String] {
        if isToMany { return try JSONText.decode([String]?.self, from: text) ?? [] }
        return try JSONText.decode(String?.self, from: text).map { [$0] } ?? []
    }
}

/// A writable key path of a model, whose value type a ``LinkCodec`` is made with.
private protocol WritableLinkKeyPath {
    func linkCodec<Model: PersistentModel>(
        _ relationship: Schema.Relationship, _ metadata: Schema.PropertyMetadata, of _: Model.Type
    ) -> LinkCodec?
}

extension ReferenceWritableKeyPath: WritableLinkKeyPath where Root: PersistentModel {
    fileprivate func linkCodec<Model: PersistentModel>(
        _ relationship: Schema.Relationship, _ metadata: Schema.PropertyMetadata, of _: Model.Type
    ) -> LinkCodec? {
        LinkCodec.make(relationship, metadata, Value.self, of: Model.self)
    }
}
