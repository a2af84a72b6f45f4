import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Model` errors about the properties of the class.
@Suite("@Model property diagnostics")
struct ModelPropertyDiagnosticsTests {
    /// What every unsupported-type message ends with.
    static let supported =
        "supported: integers, floating point, Bool, String, Date, Data, URL, UUID, Decimal, "
        + "RawRepresentable and Codable values, optionals and arrays of them, and other @Model classes"

    @Test("A persisted lazy var is an error")
    func lazyProperty() {
        assertExpansion(
            """
            @Model
            final class Trip {
                lazy var summary: String = "none"
            }
            """,
            expandedSource: """
                final class Trip {
                    lazy var summary: String = "none"
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@Model does not support 'lazy' properties; remove 'lazy' from 'summary' or mark it @Transient",
                    line: 3,
                    column: 5
                )
            ]
        )
    }

    @Test("A persisted weak var is an error")
    func weakProperty() {
        assertExpansion(
            """
            @Model
            final class Stop {
                weak var trip: Trip?
            }
            """,
            expandedSource: """
                final class Stop {
                    weak var trip: Trip?
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@Model does not support 'weak' properties; remove 'weak' from 'trip' or mark it @Transient",
                    line: 3,
                    column: 5
                )
            ]
        )
    }

    @Test("Observers on a persisted property are accepted: the property is persisted")
    func observers() {
        assertExpansion(
            """
            @Model
            final class Trip {
                var name: String = "" {
                    didSet { print(name) }
                }
            }
            """,
            expandedSource: #"""
                final class Trip {
                    var name: String {
                        didSet { print(name) }
                        @storageRestrictions(accesses: _$backingData, initializes: _name)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 0, for: Self.self, isNewModelValue: OpenSwiftData._isDefaultValue(initialValue, ""))
                            _name = OpenSwiftData._PersistedPropertyPlaceholder()
                        }

                        get {
                            persistentBackingData.value(at: 0, of: self, keyPath: Trip._$keyPath_name.keyPath)
                        }

                        set {
                            persistentBackingData.setValue(newValue, at: 0, of: self)
                        }
                    }

                    private var _name: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_name = OpenSwiftData._keyPathConstant(\Trip.name)

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Trip.self)
                            _$backingData.backing = created
                            return created
                        }
                        set {
                            let previous = _$backingData.backing
                            OpenSwiftData.ModelBackingReference.replaced(previous, with: newValue)
                            _$backingData.backing = newValue
                        }
                    }

                    nonisolated static var schemaMetadata: [OpenSwiftData.Schema.PropertyMetadata] {
                        OpenSwiftData._modelSchemaMetadata(for: Trip.self, isolation: Trip._$isolation_Trip) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "name", keypath: \Trip.name, defaultValue: "", metadata: nil)
                            ]
                        }
                    }

                    private static func _$isolation_Trip() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _name = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }
                }

                extension Trip: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }

    @Test(
        "A type @Model cannot persist is an error",
        arguments: [
            "() -> Void",
            "@Sendable (Int) -> Int",
            "(Int, String)",
            "()",
            "Any",
            "AnyObject",
            "any Codable",
            "some Codable",
            "Codable & Hashable",
            "Int!",
            "Int.Type",
            "[Any]?",
            "[String: Any]",
            "Optional<any Error>",
        ]
    )
    func unsupportedType(type: String) {
        assertExpansion(
            """
            @Model
            final class Trip {
                var value: \(type)
            }
            """,
            expandedSource: """
                final class Trip {
                    var value: \(type)
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "Property 'value' has type '\(type)', which @Model cannot persist; \(Self.supported)",
                    line: 3,
                    column: 16
                )
            ]
        )
    }

    @Test("Several properties in one declaration are an error")
    func multipleBindings() {
        assertExpansion(
            """
            @Model
            final class Point {
                var x: Int = 0, y: Int = 0
            }
            """,
            expandedSource: """
                final class Point {
                    var x: Int = 0, y: Int = 0
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@Model does not support several properties in one declaration; declare 'x', 'y' separately",
                    line: 3,
                    column: 5
                )
            ]
        )
    }

    @Test("A @Transient property without default value is an error")
    func transientWithoutDefault() {
        assertExpansion(
            """
            @Model
            final class Trip {
                @Transient var isSelected: Bool
                init() { isSelected = false }
            }
            """,
            expandedSource: """
                final class Trip {
                    var isSelected: Bool
                    init() { isSelected = false }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Transient property 'isSelected' needs a default value",
                    line: 3,
                    column: 20
                )
            ]
        )
    }

    @Test("@Attribute and @Relationship together are an error")
    func attributeAndRelationship() {
        assertExpansion(
            """
            @Model
            final class Trip {
                @Attribute(.unique) @Relationship var stops: [Stop] = []
            }
            """,
            expandedSource: """
                final class Trip {
                    var stops: [Stop] = []
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Attribute and @Relationship cannot both be applied to 'stops'",
                    line: 3,
                    column: 25
                )
            ]
        )
    }

    @Test("@Transient with @Attribute or @Relationship is an error")
    func transientConflicts() {
        assertExpansion(
            """
            @Model
            final class Trip {
                @Transient @Attribute(.unique) var name: String = ""
                @Relationship(deleteRule: .cascade)
                @Transient var stops: [Stop] = []
            }
            """,
            expandedSource: """
                final class Trip {
                    var name: String = ""
                    var stops: [Stop] = []
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Transient cannot be combined with @Attribute on 'name'",
                    line: 3,
                    column: 16
                ),
                DiagnosticSpec(
                    message: "@Transient cannot be combined with @Relationship on 'stops'",
                    line: 5,
                    column: 5
                ),
            ]
        )
    }

    @Test("A persisted property with neither a type nor an initial value is an error naming it")
    func missingType() {
        assertExpansion(
            """
            @Model
            final class Trip {
                var note
                init() {}
            }
            """,
            expandedSource: """
                final class Trip {
                    var note
                    init() {}
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "Persisted property 'note' needs an explicit type annotation",
                    line: 3,
                    column: 9
                )
            ]
        )
    }

    @Test("Every invalid property is reported, and nothing is expanded")
    func severalProblems() {
        assertExpansion(
            """
            @Model
            final class Trip {
                var name: String
                lazy var id: Int = 0
                var handler: () -> Void
                init() {}
            }
            """,
            expandedSource: """
                final class Trip {
                    var name: String
                    lazy var id: Int = 0
                    var handler: () -> Void
                    init() {}
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Model does not support 'lazy' properties; remove 'lazy' from 'id' or mark it @Transient",
                    line: 4,
                    column: 5
                ),
                DiagnosticSpec(
                    message: "Property 'handler' has type '() -> Void', which @Model cannot persist; \(Self.supported)",
                    line: 5,
                    column: 18
                ),
            ]
        )
    }
}
