import SwiftSyntax

/// Writes the members `@Model` adds to a class: the backing data, the schema
/// description and `init(backingData:)`.
enum ModelMemberBuilder {
    /// The generated members, in the order the runtime contract lists them.
    static func members(for model: ModelAnalysis) -> [DeclSyntax] {
        let access = model.accessModifier
        return [
            // Noncopyable: its `deinit` runs when the model ends (see
            // `ModelBackingReference`). Created empty; a new model gets its backing data
            // on first use, a fetched one in `init(backingData:)`.
            """
            @Transient private var _$backingData = OpenSwiftData.ModelBackingReference()
            """,
            """
            \(raw: access)var persistentBackingData: OpenSwiftData.ModelBackingData {
                get {
                    _$backingData.resolve(for: \(raw: model.className).self)
                }
                set {
                    _$backingData.replace(with: newValue)
                }
            }
            """,
            """
            \(raw: access)static var schemaMetadata: [OpenSwiftData.Schema.PropertyMetadata] {
                \(raw: schemaMetadataLiteral(for: model))
            }
            """,
            """
            \(raw: access)static var schemaIndexes: [[String]] {
                \(raw: nameListsLiteral(model.indexes))
            }
            """,
            """
            \(raw: access)static var schemaUniquenessConstraints: [[String]] {
                \(raw: nameListsLiteral(model.uniquenessConstraints))
            }
            """,
            """
            \(raw: access)required init(backingData: OpenSwiftData.ModelBackingData) {
                \(raw: placeholderAssignments(for: model))self.persistentBackingData = backingData
            }
            """,
        ]
    }

    /// The array literal of `Schema.PropertyMetadata`, one element per line.
    private static func schemaMetadataLiteral(for model: ModelAnalysis) -> String {
        guard !model.properties.isEmpty else {
            return "[]"
        }
        let elements = model.properties.map { property in
            "OpenSwiftData.Schema.PropertyMetadata(name: \"\(property.name)\", "
                + "keypath: \\\(model.className).\(property.spelledName), "
                + "defaultValue: \(property.defaultValue ?? "nil"), "
                + "metadata: \(property.metadata ?? "nil"))"
        }
        // The literal's first line follows the getter's indentation in the template; the
        // later lines carry it themselves.
        return "[\n" + elements.map { "        " + $0 }.joined(separator: ",\n") + "\n    ]"
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
        model.properties.enumerated().map { index, property in
            guard property.isConstant else {
                return "_\(property.name) = OpenSwiftData._PersistedPropertyPlaceholder()\n    "
            }
            guard property.defaultValue == nil else { return "" }
            return "self.\(property.spelledName) = backingData.constantValue(at: \(index))\n    "
        }.joined()
    }
}
