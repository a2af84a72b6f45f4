import Testing

/// `@Model` on the reference example of the runtime contract.
@Suite("@Model on the Trip example")
struct ModelMacroTripTests {
    @Test("An internal class gets members without access modifier")
    func internalClass() {
        assertExpansion(
            #"""
            @Model
            final class Trip {
                @Attribute(.unique) var name: String
                var startDate: Date = Date.now
                var kind: Kind?
                @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
                @Transient var isSelected: Bool = false
                var computed: Int { 3 }
                static var shared = 1
                #Index<Trip>([\.name], [\.startDate, \.name])
                #Unique<Trip>([\.name, \.startDate])
                init(name: String) { self.name = name }
            }
            """#,
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
                    var startDate: Date {
                        @storageRestrictions(accesses: _$backingData, initializes: _startDate)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 1, for: Self.self, isNewModelValue: false)
                            _startDate = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 1, of: self, keyPath: Trip._$keyPath_startDate.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 1, of: self)
                        }
                    }

                    private var _startDate: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_startDate = OpenSwiftData._keyPathConstant(\Trip.startDate)
                    var kind: Kind? {
                        @storageRestrictions(accesses: _$backingData, initializes: _kind)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 2, for: Self.self, isNewModelValue: OpenSwiftData._isNil(initialValue))
                            _kind = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 2, of: self, keyPath: Trip._$keyPath_kind.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 2, of: self)
                        }
                    }

                    private var _kind: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_kind = OpenSwiftData._keyPathConstant(\Trip.kind)
                    var stops: [Stop] {
                        @storageRestrictions(accesses: _$backingData, initializes: _stops)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 3, for: Self.self, isNewModelValue: OpenSwiftData._isEmptyCollection(initialValue))
                            _stops = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 3, of: self, keyPath: Trip._$keyPath_stops.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 3, of: self)
                        }
                    }

                    private var _stops: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_stops = OpenSwiftData._keyPathConstant(\Trip.stops)
                    var isSelected: Bool = false
                    var computed: Int { 3 }
                    static var shared = 1
                    init(name: String) { self.name = name }

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
                                OpenSwiftData.Schema.PropertyMetadata(name: "name", keypath: \Trip.name, defaultValue: nil, metadata: OpenSwiftData.Schema.Attribute(.unique)),
                                OpenSwiftData.Schema.PropertyMetadata(name: "startDate", keypath: \Trip.startDate, defaultValue: Date.now, metadata: nil),
                                OpenSwiftData.Schema.PropertyMetadata(name: "kind", keypath: \Trip.kind, defaultValue: nil, metadata: nil),
                                OpenSwiftData.Schema.PropertyMetadata(name: "stops", keypath: \Trip.stops, defaultValue: [], metadata: OpenSwiftData.Schema.Relationship(deleteRule: .cascade, inverse: \Stop.trip))
                            ]
                        }
                    }

                    private static func _$isolation_Trip() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        [["name"], ["startDate", "name"]]
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        [["name", "startDate"]]
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _name = OpenSwiftData._PersistedPropertyPlaceholder()
                        _startDate = OpenSwiftData._PersistedPropertyPlaceholder()
                        _kind = OpenSwiftData._PersistedPropertyPlaceholder()
                        _stops = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }
                }

                extension Trip: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }

    @Test("A public class gets public members")
    func publicClass() {
        assertExpansion(
            #"""
            @Model
            public final class Trip {
                @Attribute(.unique) public var name: String
                public var startDate: Date = Date.now
                public var kind: Kind?
                @Relationship(deleteRule: .cascade, inverse: \Stop.trip) public var stops: [Stop] = []
                @Transient public var isSelected: Bool = false
                public var computed: Int { 3 }
                public static var shared = 1
                #Index<Trip>([\.name], [\.startDate, \.name])
                #Unique<Trip>([\.name, \.startDate])
                public init(name: String) { self.name = name }
            }
            """#,
            expandedSource: #"""
                public final class Trip {
                    public var name: String {
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
                    public var startDate: Date {
                        @storageRestrictions(accesses: _$backingData, initializes: _startDate)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 1, for: Self.self, isNewModelValue: false)
                            _startDate = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 1, of: self, keyPath: Trip._$keyPath_startDate.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 1, of: self)
                        }
                    }

                    private var _startDate: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_startDate = OpenSwiftData._keyPathConstant(\Trip.startDate)
                    public var kind: Kind? {
                        @storageRestrictions(accesses: _$backingData, initializes: _kind)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 2, for: Self.self, isNewModelValue: OpenSwiftData._isNil(initialValue))
                            _kind = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 2, of: self, keyPath: Trip._$keyPath_kind.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 2, of: self)
                        }
                    }

                    private var _kind: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_kind = OpenSwiftData._keyPathConstant(\Trip.kind)
                    public var stops: [Stop] {
                        @storageRestrictions(accesses: _$backingData, initializes: _stops)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 3, for: Self.self, isNewModelValue: OpenSwiftData._isEmptyCollection(initialValue))
                            _stops = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 3, of: self, keyPath: Trip._$keyPath_stops.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 3, of: self)
                        }
                    }

                    private var _stops: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_stops = OpenSwiftData._keyPathConstant(\Trip.stops)
                    public var isSelected: Bool = false
                    public var computed: Int { 3 }
                    public static var shared = 1
                    public init(name: String) { self.name = name }

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    public nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
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

                    public nonisolated static var schemaMetadata: [OpenSwiftData.Schema.PropertyMetadata] {
                        OpenSwiftData._modelSchemaMetadata(for: Trip.self, isolation: Trip._$isolation_Trip) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "name", keypath: \Trip.name, defaultValue: nil, metadata: OpenSwiftData.Schema.Attribute(.unique)),
                                OpenSwiftData.Schema.PropertyMetadata(name: "startDate", keypath: \Trip.startDate, defaultValue: Date.now, metadata: nil),
                                OpenSwiftData.Schema.PropertyMetadata(name: "kind", keypath: \Trip.kind, defaultValue: nil, metadata: nil),
                                OpenSwiftData.Schema.PropertyMetadata(name: "stops", keypath: \Trip.stops, defaultValue: [], metadata: OpenSwiftData.Schema.Relationship(deleteRule: .cascade, inverse: \Stop.trip))
                            ]
                        }
                    }

                    private static func _$isolation_Trip() {
                    }

                    public nonisolated static var schemaIndexes: [[String]] {
                        [["name"], ["startDate", "name"]]
                    }

                    public nonisolated static var schemaUniquenessConstraints: [[String]] {
                        [["name", "startDate"]]
                    }

                    public nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _name = OpenSwiftData._PersistedPropertyPlaceholder()
                        _startDate = OpenSwiftData._PersistedPropertyPlaceholder()
                        _kind = OpenSwiftData._PersistedPropertyPlaceholder()
                        _stops = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }
                }

                extension Trip: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }
}
