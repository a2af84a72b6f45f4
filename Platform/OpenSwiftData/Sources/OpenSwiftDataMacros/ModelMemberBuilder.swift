import SwiftSyntax

/// Writes the members `@Model` adds to a class: the backing data, the schema
/// description and `init(backingData:)`.
///
/// Three kinds of class get different members:
/// - a `final` class without inheritance clause: its properties are numbered from 0 and
///   its schema description is `static`;
/// - any other class that is not a `@Model` subclass (a root, which may be subclassed):
///   its description is `class var`s that subclasses override, and it gives them the key
///   paths of its properties rooted at any subclass (`_$keyPaths_<Class>`);
/// - a `@Model` subclass of a `@Model` class (`superclass` is given): it has its own
///   reference to the model's backing data, for its properties' init accessors, which
///   run before the superclass's initializer; its properties follow the superclass's
///   (`_$propertyOffset`), and it overrides the description to add its own.
enum ModelMemberBuilder {
    /// The generated members, in the order the runtime contract lists them.
    /// `superclass` is the class's `@Model` superclass, if it is a subclass.
    static func members(for model: ModelAnalysis, superclass: String?) -> [DeclSyntax] {
        if let superclass {
            return subclassMembers(for: model, superclass: superclass)
        }
        let access = model.accessModifier
        let isSubclassable = !model.isFinal
        let typeMember = isSubclassable ? "class" : "static"
        let backingSetter = """
            set {
                    \(backingAssignment(of: "newValue", indentation: "        "))
                }
            """
        var members: [DeclSyntax] = [
            // Noncopyable: its `deinit` runs when the model ends (see
            // `ModelBackingReference`). Created empty; a new model gets its backing data
            // on first use, a fetched one in `init(backingData:)`.
            backingStorage,
            // A class that may be subclassed gathers its subclasses' initial values when
            // its backing data is first used. A final class's getter returns early instead:
            // written as the other, its property accessors were no longer inlined where
            // they are read (measured: 1.7 % more instructions in the relationship benchmark).
            isSubclassable
                ? """
                \(raw: access)nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                    get {
                        let backing: OpenSwiftData.ModelBackingData
                        if let existing = _$backingData.backing {
                            backing = existing
                        } else {
                            backing = OpenSwiftData.ModelBackingReference.newBacking(for: Self.self)
                            _$backingData.backing = backing
                        }
                        if backing.needsInheritedValues {
                            _$adoptInitialValues(into: backing)
                        }
                        return backing
                    }
                    \(raw: backingSetter)
                }
                """
                : """
                \(raw: access)nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                    get {
                        if let backing = _$backingData.backing {
                            return backing
                        }
                        let created = OpenSwiftData.ModelBackingReference.newBacking(for: \(raw: model.className).self)
                        _$backingData.backing = created
                        return created
                    }
                    \(raw: backingSetter)
                }
                """,
            """
            \(raw: access)nonisolated \(raw: typeMember) var schemaMetadata: [OpenSwiftData.Schema.PropertyMetadata] {
                \(raw: schemaMetadataCall(schemaMetadataLiteral(for: model), of: model))
            }
            """,
            isolationMarker(for: model),
            """
            \(raw: access)nonisolated \(raw: typeMember) var schemaIndexes: [[String]] {
                \(raw: nameListsLiteral(model.indexes))
            }
            """,
            """
            \(raw: access)nonisolated \(raw: typeMember) var schemaUniquenessConstraints: [[String]] {
                \(raw: nameListsLiteral(model.uniquenessConstraints))
            }
            """,
            """
            \(raw: access)nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                \(raw: placeholderAssignments(for: model))self.persistentBackingData = backingData
            }
            """,
        ]
        if model.usesPropertyOffset {
            members.append("nonisolated private static var _$propertyOffset: Int { 0 }")
        }
        members += conditionalCounts(for: model)
        if isSubclassable {
            let overridable = model.isOpen ? "open " : access
            members += [
                """
                \(raw: overridable)nonisolated class var _$superentity: (any OpenSwiftData.PersistentModel.Type)? {
                    nil
                }
                """,
                keyPathsFunction(for: model, superclass: nil),
                """
                /// Called when a model of a subclass gets its backing data: each class of the
                /// hierarchy hands over the values its initializer stored before.
                \(raw: overridable)nonisolated func _$adoptInitialValues(into backing: OpenSwiftData.ModelBackingData) {
                    backing.needsInheritedValues = false
                }
                """,
            ]
        }
        return members
    }

    /// The members of a `@Model` subclass of the `@Model` class `superclass`.
    private static func subclassMembers(for model: ModelAnalysis, superclass: String) -> [DeclSyntax] {
        let access = model.accessModifier
        let overridable = model.isOpen ? "open " : access
        let className = model.className
        let count = model.propertyCount.expression(in: className)
        let range = "\(className)._$propertyOffset..<(\(className)._$propertyOffset + \(count))"
        var members: [DeclSyntax] = [
            backingStorage,
            """
            nonisolated private static let _$propertyOffset = \(raw: superclass).schemaMetadata.count
            """,
            """
            \(raw: overridable)nonisolated override class var schemaMetadata: [OpenSwiftData.Schema.PropertyMetadata] {
                \(raw: schemaMetadataCall(subclassSchemaMetadata(for: model, superclass: superclass), of: model))
            }
            """,
            isolationMarker(for: model),
            """
            \(raw: overridable)nonisolated override class var schemaIndexes: [[String]] {
                \(raw: nameListsLiteral(model.indexes))
            }
            """,
            """
            \(raw: overridable)nonisolated override class var schemaUniquenessConstraints: [[String]] {
                \(raw: nameListsLiteral(model.uniquenessConstraints))
            }
            """,
            """
            \(raw: overridable)nonisolated override class var _$superentity: (any OpenSwiftData.PersistentModel.Type)? {
                \(raw: superclass).self
            }
            """,
            """
            \(raw: access)nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                \(raw: placeholderAssignments(for: model))\(raw: backingAssignment(of: "backingData", indentation: "    "))
                super.init(backingData: backingData)
            }
            """,
            """
            \(raw: overridable)nonisolated override func _$adoptInitialValues(into backing: OpenSwiftData.ModelBackingData) {
                let own = _$backingData.backing
                _$backingData.backing = backing
                OpenSwiftData.ModelBackingReference.handOver(from: own, to: backing, properties: \(raw: range))
                super._$adoptInitialValues(into: backing)
            }
            """,
        ]
        members.append(keyPathsFunction(for: model, superclass: superclass))
        return members + conditionalCounts(for: model)
    }

    /// The model's reference to its backing data. `nonisolated(unsafe)`: the class may be
    /// isolated to the main actor (a module's default isolation), while `PersistentModel`'s
    /// requirements, which read it, are nonisolated (the protocol is `SendableMetatype`, as
    /// SwiftData's is). A model is used by one context at a time, on that context's actor,
    /// as a model of a class without isolation is; a context stops the program when it is
    /// given or fetches a model of a main-actor class off the main thread
    /// (`ModelContextCore.checkMainActor(for:)`).
    private static var backingStorage: DeclSyntax {
        "@Transient nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()"
    }

    /// `static func _$isolation_<Class>()`: declared without an isolation of its own, it
    /// has the class's, which `_modelSchemaMetadata(for:isolation:_:)` reads from it.
    private static func isolationMarker(for model: ModelAnalysis) -> DeclSyntax {
        "private static func _$isolation_\(raw: model.className)() {}"
    }

    /// `body` (a list literal, or statements that return the list) as the closure of
    /// `_modelSchemaMetadata(for:isolation:_:)`, a `@MainActor` one, where the key paths of
    /// a class isolated to the main actor can be written, as those of any other class.
    private static func schemaMetadataCall(_ body: String, of model: ModelAnalysis) -> String {
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")
        let name = model.className
        return "OpenSwiftData._modelSchemaMetadata(for: \(name).self, isolation: \(name)._$isolation_\(name)) {\n"
            + "        \(indented)\n    }"
    }

    /// The body of a subclass's `schemaMetadata`: its superclasses' properties, then its own.
    private static func subclassSchemaMetadata(for model: ModelAnalysis, superclass: String) -> String {
        let inherited =
            "OpenSwiftData.Schema.PropertyMetadata._inherited(\n        super.schemaMetadata, rootedAt: "
            + "\(superclass)._$keyPaths_\(superclass)(rootedAt: \(model.className).self))"
        guard model.hasConditionalProperties else {
            return inherited + "\n        + " + schemaMetadataLiteral(for: model)
        }
        return conditionalList(
            for: model, type: "[OpenSwiftData.Schema.PropertyMetadata]", initial: inherited,
            element: metadataElement(_:in:))
    }

    /// The count function of the `#if` blocks that declare persisted properties, if any.
    private static func conditionalCounts(for model: ModelAnalysis) -> [DeclSyntax] {
        ConditionalMembers.countFunction(of: model.layout, className: model.className).map { ["\(raw: $0)"] } ?? []
    }

    /// Statements that build a list of one element per persisted property, inside the
    /// `#if` directives of the blocks that declare them, starting from `initial`.
    private static func conditionalList(
        for model: ModelAnalysis, type: String, initial: String,
        element: (PersistedPropertyInfo, ModelAnalysis) -> String
    ) -> String {
        let lines = ConditionalMembers.lines(for: model.layout, properties: model.properties) { property in
            ["list.append(\(element(property, model)))"]
        }
        return (["var list: \(type) = \(initial)"] + lines + ["return list"]).joined(separator: "\n    ")
    }

    /// Statements that make `value` the model's backing data, one per line, each after the
    /// first starting with `indentation` (the first takes the template's). `_$backingData`
    /// is reached by single loads and stores, every call made outside them, so that the
    /// optimizer can drop its exclusivity checks (see `ModelBackingReference.backing`).
    /// The store comes last, so that it takes `value` as the initializer received it,
    /// without a copy (a retain and a release per fetched row).
    private static func backingAssignment(of value: String, indentation: String) -> String {
        [
            "let previous = _$backingData.backing",
            "OpenSwiftData.ModelBackingReference.replaced(previous, with: \(value))",
            "_$backingData.backing = \(value)",
        ].joined(separator: "\n" + indentation)
    }

    /// `static func _$keyPaths_<Class><S: Class>(rootedAt: S.Type) -> [AnyKeyPath]`: the key
    /// paths of the class's persisted properties, its superclasses' first, rooted at a
    /// subclass `S`, as a predicate on `S` names them.
    private static func keyPathsFunction(for model: ModelAnalysis, superclass: String?) -> DeclSyntax {
        let className = model.className
        let body: String
        if model.hasConditionalProperties {
            body = conditionalList(
                for: model, type: "[AnyKeyPath]",
                initial: superclass.map { "\($0)._$keyPaths_\($0)(rootedAt: S.self)" } ?? "[]",
                element: { property, _ in "\\S.\(property.spelledName)" })
        } else {
            let own = "[" + model.properties.map { "\\S.\($0.spelledName)" }.joined(separator: ", ") + "]"
            let inherited = superclass.map { "\($0)._$keyPaths_\($0)(rootedAt: S.self) + " } ?? ""
            body = inherited + own
        }
        return """
            \(raw: model.accessModifier)static func _$keyPaths_\(raw: className)<S: \(raw: className)>(rootedAt _: S.Type) -> [AnyKeyPath] {
                \(raw: body)
            }
            """
    }

    /// The array literal of `Schema.PropertyMetadata`, one element per line.
    private static func schemaMetadataLiteral(for model: ModelAnalysis) -> String {
        guard !model.properties.isEmpty else {
            return "[]"
        }
        guard !model.hasConditionalProperties else {
            return conditionalList(
                for: model, type: "[OpenSwiftData.Schema.PropertyMetadata]", initial: "[]",
                element: metadataElement(_:in:))
        }
        let elements = model.properties.map { metadataElement($0, in: model) }
        // The literal's first line follows the getter's indentation in the template; the
        // later lines carry it themselves.
        return "[\n" + elements.map { "        " + $0 }.joined(separator: ",\n") + "\n    ]"
    }

    /// The `Schema.PropertyMetadata` of one property.
    private static func metadataElement(_ property: PersistedPropertyInfo, in model: ModelAnalysis) -> String {
        "OpenSwiftData.Schema.PropertyMetadata(name: \"\(property.name)\", "
            + "keypath: \\\(model.className).\(property.spelledName), "
            + "defaultValue: \(property.defaultValue ?? "nil"), "
            + "metadata: \(property.metadata ?? "nil"))"
    }

    /// A literal such as `[["name"], ["startDate", "name"]]`.
    private static func nameListsLiteral(_ lists: [[String]]) -> String {
        let inner = lists.map { names in
            "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
        return "[" + inner.joined(separator: ", ") + "]"
    }

    /// One `_name = OpenSwiftData._PersistedPropertyPlaceholder()` line per persisted
    /// property, and `self.name = backingData.constantValue(at: N)` per `let` without an
    /// initial value (one with an initial value keeps it), each followed by a line break
    /// and the indentation of the next statement.
    private static func placeholderAssignments(for model: ModelAnalysis) -> String {
        let lines = ConditionalMembers.lines(for: model.layout, properties: model.properties) { property in
            guard property.isConstant else {
                return ["_\(property.name) = OpenSwiftData._PersistedPropertyPlaceholder()"]
            }
            guard property.defaultValue == nil else { return [] }
            let index = property.position.expression(in: model.className)
            let position = model.usesPropertyOffset ? "\(model.className)._$propertyOffset + \(index)" : index
            return ["self.\(property.spelledName) = backingData.constantValue(at: \(position))"]
        }
        return lines.map { $0 + "\n    " }.joined()
    }
}
