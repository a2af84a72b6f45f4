import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Model` and members inside `#if` blocks.
@Suite("@Model conditional members")
struct ModelConditionalMemberTests {
    @Test("Persisted properties inside #if are numbered after the active clauses before them")
    func persistedInsideIf() {
        assertExpansion(
            """
            @Model
            final class Trip {
                var name: String
                #if DEBUG
                @Transient var debugLabel: String = ""
                var computed: Int { 1 }
                #else
                #if os(Linux)
                var linuxOnly: Int = 0
                #endif
                #endif
                var day: Int
            }
            """,
            expandedSource: #"""
                final class Trip {
                    var name: String {
                        @storageRestrictions(accesses: _$backingData, initializes: _name)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 0, for: Self.self, isNewModelValue: OpenSwiftData._isNil(initialValue))
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
                    #if DEBUG
                    var debugLabel: String = ""
                    var computed: Int { 1 }
                    #else
                    #if os(Linux)
                    var linuxOnly: Int = 0
                    #endif
                    #endif
                    var day: Int {
                        @storageRestrictions(accesses: _$backingData, initializes: _day)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 1 + Trip._$conditionalCount_Trip(0), for: Self.self, isNewModelValue: OpenSwiftData._isNil(initialValue))
                            _day = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 1 + Trip._$conditionalCount_Trip(0), of: self, keyPath: Trip._$keyPath_day.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 1 + Trip._$conditionalCount_Trip(0), of: self)
                        }
                    }

                    private var _day: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_day = OpenSwiftData._keyPathConstant(\Trip.day)

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
                            var list: [OpenSwiftData.Schema.PropertyMetadata] = []
                            list.append(OpenSwiftData.Schema.PropertyMetadata(name: "name", keypath: \Trip.name, defaultValue: nil, metadata: nil))
                            #if DEBUG
                            #else
                            #if os(Linux)
                            list.append(OpenSwiftData.Schema.PropertyMetadata(name: "linuxOnly", keypath: \Trip.linuxOnly, defaultValue: 0, metadata: nil))
                            #endif
                            #endif
                            list.append(OpenSwiftData.Schema.PropertyMetadata(name: "day", keypath: \Trip.day, defaultValue: nil, metadata: nil))
                            return list
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
                        #if DEBUG
                        #else
                        #if os(Linux)
                        _linuxOnly = OpenSwiftData._PersistedPropertyPlaceholder()
                        #endif
                        #endif
                        _day = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }

                    nonisolated private static func _$conditionalCount_Trip(_ block: Int) -> Int {
                        switch block {
                        case 0:
                            #if DEBUG
                                return 0
                            #else
                                return 0 + Trip._$conditionalCount_Trip(1)
                            #endif
                        case 1:
                            #if os(Linux)
                                return 1
                            #else
                                return 0
                            #endif
                        default:
                            return 0
                        }
                    }
                }

                extension Trip: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }
}
