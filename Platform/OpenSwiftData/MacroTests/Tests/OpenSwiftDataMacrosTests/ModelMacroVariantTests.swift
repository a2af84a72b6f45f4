import Testing

/// `@Model` on smaller classes, one feature each.
@Suite("@Model variants")
struct ModelMacroVariantTests {
    @Test("A model without #Index or #Unique has empty index and constraint lists")
    func noIndexes() {
        assertExpansion(
            """
            @Model
            final class Tag {
                var title: String
                init(title: String) { self.title = title }
            }
            """,
            expandedSource: #"""
                final class Tag {
                    var title: String {
                        @storageRestrictions(accesses: _$backingData, initializes: _title)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 0, for: Self.self, isNewModelValue: OpenSwiftData._isNil(initialValue))
                            _title = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 0, of: self, keyPath: Tag._$keyPath_title.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 0, of: self)
                        }
                    }

                    private var _title: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_title = OpenSwiftData._keyPathConstant(\Tag.title)
                    init(title: String) { self.title = title }

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Tag.self)
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
                        OpenSwiftData._modelSchemaMetadata(for: Tag.self, isolation: Tag._$isolation_Tag) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "title", keypath: \Tag.title, defaultValue: nil, metadata: nil)
                            ]
                        }
                    }

                    private static func _$isolation_Tag() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _title = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }
                }

                extension Tag: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }

    @Test("A package class gets package members")
    func packageClass() {
        assertExpansion(
            """
            @Model
            package final class Tag {
                package var title: String = ""
            }
            """,
            expandedSource: #"""
                package final class Tag {
                    package var title: String {
                        @storageRestrictions(accesses: _$backingData, initializes: _title)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 0, for: Self.self, isNewModelValue: OpenSwiftData._isDefaultValue(initialValue, ""))
                            _title = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 0, of: self, keyPath: Tag._$keyPath_title.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 0, of: self)
                        }
                    }

                    private var _title: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_title = OpenSwiftData._keyPathConstant(\Tag.title)

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    package nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Tag.self)
                            _$backingData.backing = created
                            return created
                        }
                        set {
                            let previous = _$backingData.backing
                            OpenSwiftData.ModelBackingReference.replaced(previous, with: newValue)
                            _$backingData.backing = newValue
                        }
                    }

                    package nonisolated static var schemaMetadata: [OpenSwiftData.Schema.PropertyMetadata] {
                        OpenSwiftData._modelSchemaMetadata(for: Tag.self, isolation: Tag._$isolation_Tag) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "title", keypath: \Tag.title, defaultValue: "", metadata: nil)
                            ]
                        }
                    }

                    private static func _$isolation_Tag() {
                    }

                    package nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    package nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    package nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _title = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }
                }

                extension Tag: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }

    @Test("A default value made of several tokens is copied verbatim")
    func multiTokenDefault() {
        assertExpansion(
            """
            @Model
            final class Event {
                var start: Date = Date(timeIntervalSince1970: 60 * 60 * 24)
                init() {}
            }
            """,
            expandedSource: #"""
                final class Event {
                    var start: Date {
                        @storageRestrictions(accesses: _$backingData, initializes: _start)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 0, for: Self.self, isNewModelValue: false)
                            _start = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 0, of: self, keyPath: Event._$keyPath_start.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 0, of: self)
                        }
                    }

                    private var _start: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_start = OpenSwiftData._keyPathConstant(\Event.start)
                    init() {}

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Event.self)
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
                        OpenSwiftData._modelSchemaMetadata(for: Event.self, isolation: Event._$isolation_Event) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "start", keypath: \Event.start, defaultValue: Date(timeIntervalSince1970: 60 * 60 * 24), metadata: nil)
                            ]
                        }
                    }

                    private static func _$isolation_Event() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _start = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }
                }

                extension Event: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }

    @Test("An optional array of strings is persisted")
    func optionalArray() {
        assertExpansion(
            """
            @Model
            final class Note {
                var tags: [String]?
                init() {}
            }
            """,
            expandedSource: #"""
                final class Note {
                    var tags: [String]? {
                        @storageRestrictions(accesses: _$backingData, initializes: _tags)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 0, for: Self.self, isNewModelValue: OpenSwiftData._isNil(initialValue))
                            _tags = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 0, of: self, keyPath: Note._$keyPath_tags.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 0, of: self)
                        }
                    }

                    private var _tags: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_tags = OpenSwiftData._keyPathConstant(\Note.tags)
                    init() {}

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Note.self)
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
                        OpenSwiftData._modelSchemaMetadata(for: Note.self, isolation: Note._$isolation_Note) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "tags", keypath: \Note.tags, defaultValue: nil, metadata: nil)
                            ]
                        }
                    }

                    private static func _$isolation_Note() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _tags = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }
                }

                extension Note: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }

    @Test("An optional URL is persisted")
    func optionalURL() {
        assertExpansion(
            """
            @Model
            final class Site {
                var homepage: URL?
                init() {}
            }
            """,
            expandedSource: #"""
                final class Site {
                    var homepage: URL? {
                        @storageRestrictions(accesses: _$backingData, initializes: _homepage)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 0, for: Self.self, isNewModelValue: OpenSwiftData._isNil(initialValue))
                            _homepage = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 0, of: self, keyPath: Site._$keyPath_homepage.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 0, of: self)
                        }
                    }

                    private var _homepage: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_homepage = OpenSwiftData._keyPathConstant(\Site.homepage)
                    init() {}

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Site.self)
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
                        OpenSwiftData._modelSchemaMetadata(for: Site.self, isolation: Site._$isolation_Site) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "homepage", keypath: \Site.homepage, defaultValue: nil, metadata: nil)
                            ]
                        }
                    }

                    private static func _$isolation_Site() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _homepage = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }
                }

                extension Site: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }

    @Test("A nested Codable enum is persisted and left alone itself")
    func nestedCodableEnum() {
        assertExpansion(
            """
            @Model
            final class Chore {
                enum Priority: String, Codable {
                    case low, high
                }
                var priority: Priority = .low
                init() {}
            }
            """,
            expandedSource: #"""
                final class Chore {
                    enum Priority: String, Codable {
                        case low, high
                    }
                    var priority: Priority {
                        @storageRestrictions(accesses: _$backingData, initializes: _priority)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 0, for: Self.self, isNewModelValue: false)
                            _priority = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 0, of: self, keyPath: Chore._$keyPath_priority.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 0, of: self)
                        }
                    }

                    private var _priority: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_priority = OpenSwiftData._keyPathConstant(\Chore.priority)
                    init() {}

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Chore.self)
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
                        OpenSwiftData._modelSchemaMetadata(for: Chore.self, isolation: Chore._$isolation_Chore) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "priority", keypath: \Chore.priority, defaultValue: .low, metadata: nil)
                            ]
                        }
                    }

                    private static func _$isolation_Chore() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _priority = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }
                }

                extension Chore: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }

    @Test("A to-one relationship without @Relationship has no metadata")
    func toOneRelationship() {
        assertExpansion(
            """
            @Model
            final class Stop {
                var trip: Trip?
                init() {}
            }
            """,
            expandedSource: #"""
                final class Stop {
                    var trip: Trip? {
                        @storageRestrictions(accesses: _$backingData, initializes: _trip)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 0, for: Self.self, isNewModelValue: OpenSwiftData._isNil(initialValue))
                            _trip = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 0, of: self, keyPath: Stop._$keyPath_trip.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 0, of: self)
                        }
                    }

                    private var _trip: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_trip = OpenSwiftData._keyPathConstant(\Stop.trip)
                    init() {}

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Stop.self)
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
                        OpenSwiftData._modelSchemaMetadata(for: Stop.self, isolation: Stop._$isolation_Stop) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "trip", keypath: \Stop.trip, defaultValue: nil, metadata: nil)
                            ]
                        }
                    }

                    private static func _$isolation_Stop() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _trip = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }
                }

                extension Stop: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }

    @Test("@Attribute with originalName is copied into Schema.Attribute")
    func attributeOriginalName() {
        assertExpansion(
            """
            @Model
            final class Person {
                @Attribute(originalName: "fullName") var name: String
                @Attribute var nickname: String = ""
                init(name: String) { self.name = name }
            }
            """,
            expandedSource: #"""
                final class Person {
                    var name: String {
                        @storageRestrictions(accesses: _$backingData, initializes: _name)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 0, for: Self.self, isNewModelValue: OpenSwiftData._isNil(initialValue))
                            _name = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 0, of: self, keyPath: Person._$keyPath_name.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 0, of: self)
                        }
                    }

                    private var _name: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_name = OpenSwiftData._keyPathConstant(\Person.name)
                    var nickname: String {
                        @storageRestrictions(accesses: _$backingData, initializes: _nickname)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 1, for: Self.self, isNewModelValue: OpenSwiftData._isDefaultValue(initialValue, ""))
                            _nickname = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 1, of: self, keyPath: Person._$keyPath_nickname.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 1, of: self)
                        }
                    }

                    private var _nickname: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_nickname = OpenSwiftData._keyPathConstant(\Person.nickname)
                    init(name: String) { self.name = name }

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Person.self)
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
                        OpenSwiftData._modelSchemaMetadata(for: Person.self, isolation: Person._$isolation_Person) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "name", keypath: \Person.name, defaultValue: nil, metadata: OpenSwiftData.Schema.Attribute(originalName: "fullName")),
                                OpenSwiftData.Schema.PropertyMetadata(name: "nickname", keypath: \Person.nickname, defaultValue: "", metadata: OpenSwiftData.Schema.Attribute())
                            ]
                        }
                    }

                    private static func _$isolation_Person() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _name = OpenSwiftData._PersistedPropertyPlaceholder()
                        _nickname = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }
                }

                extension Person: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }

    @Test("@Relationship with originalName is copied into Schema.Relationship")
    func relationshipOriginalName() {
        assertExpansion(
            """
            @Model
            final class Trip {
                @Relationship(originalName: "legs") var stops: [Stop] = []
                init() {}
            }
            """,
            expandedSource: #"""
                final class Trip {
                    var stops: [Stop] {
                        @storageRestrictions(accesses: _$backingData, initializes: _stops)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 0, for: Self.self, isNewModelValue: OpenSwiftData._isEmptyCollection(initialValue))
                            _stops = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 0, of: self, keyPath: Trip._$keyPath_stops.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 0, of: self)
                        }
                    }

                    private var _stops: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_stops = OpenSwiftData._keyPathConstant(\Trip.stops)
                    init() {}

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
                                OpenSwiftData.Schema.PropertyMetadata(name: "stops", keypath: \Trip.stops, defaultValue: [], metadata: OpenSwiftData.Schema.Relationship(originalName: "legs"))
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
                        _stops = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }
                }

                extension Trip: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }

    @Test("A class that already conforms to PersistentModel gets no extension")
    func alreadyConforming() {
        assertExpansion(
            """
            @Model
            final class Tag: OpenSwiftData.PersistentModel {
            }
            """,
            expandedSource: """
                final class Tag: OpenSwiftData.PersistentModel {

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Tag.self)
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
                        OpenSwiftData._modelSchemaMetadata(for: Tag.self, isolation: Tag._$isolation_Tag) {
                            []
                        }
                    }

                    private static func _$isolation_Tag() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        self.persistentBackingData = backingData
                    }

                    nonisolated private static var _$propertyOffset: Int {
                        0
                    }
                }
                """
        )
    }

    @Test("A property named with a keyword keeps its backticks where Swift needs them")
    func escapedName() {
        assertExpansion(
            """
            @Model
            final class Setting {
                var `default`: Int = 0
            }
            """,
            expandedSource: #"""
                final class Setting {
                    var `default`: Int {
                        @storageRestrictions(accesses: _$backingData, initializes: _default)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 0, for: Self.self, isNewModelValue: OpenSwiftData._isDefaultValue(initialValue, 0))
                            _default = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 0, of: self, keyPath: Setting._$keyPath_default.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 0, of: self)
                        }
                    }

                    private var _default: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_default = OpenSwiftData._keyPathConstant(\Setting.`default`)

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Setting.self)
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
                        OpenSwiftData._modelSchemaMetadata(for: Setting.self, isolation: Setting._$isolation_Setting) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "default", keypath: \Setting.`default`, defaultValue: 0, metadata: nil)
                            ]
                        }
                    }

                    private static func _$isolation_Setting() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _default = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }
                }

                extension Setting: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }

    @Test("Transient properties may be lazy, observed, optional or constant")
    func transientVariety() {
        assertExpansion(
            """
            @Model
            final class Cache {
                @Transient lazy var formatter: Formatter = Formatter()
                @Transient var hits: Int = 0 { didSet { print(hits) } }
                @Transient var last: String?
                @Transient let version = 1
            }
            """,
            expandedSource: """
                final class Cache {
                    lazy var formatter: Formatter = Formatter()
                    var hits: Int = 0 { didSet { print(hits) } }
                    var last: String?
                    let version = 1

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Cache.self)
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
                        OpenSwiftData._modelSchemaMetadata(for: Cache.self, isolation: Cache._$isolation_Cache) {
                            []
                        }
                    }

                    private static func _$isolation_Cache() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        self.persistentBackingData = backingData
                    }
                }

                extension Cache: nonisolated OpenSwiftData.PersistentModel {
                }
                """
        )
    }

    @Test("@Attribute(.ephemeral) properties stay in memory, as transient ones")
    func ephemeralAttribute() {
        assertExpansion(
            """
            @Model
            final class Draft {
                @Attribute(.ephemeral) var isEditing: Bool = false
            }
            """,
            expandedSource: """
                final class Draft {
                    var isEditing: Bool = false

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Draft.self)
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
                        OpenSwiftData._modelSchemaMetadata(for: Draft.self, isolation: Draft._$isolation_Draft) {
                            []
                        }
                    }

                    private static func _$isolation_Draft() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        self.persistentBackingData = backingData
                    }
                }

                extension Draft: nonisolated OpenSwiftData.PersistentModel {
                }
                """
        )
    }

    @Test("A persisted property without a type annotation takes its type from its initial value")
    func inferredType() {
        assertExpansion(
            """
            @Model
            final class Memo {
                var count = 0
            }
            """,
            expandedSource: """
                final class Memo {
                    var count {
                        @storageRestrictions(accesses: _$backingData, initializes: _count)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: 0, for: Self.self, isNewModelValue: OpenSwiftData._isDefaultValue(initialValue, 0))
                            _count = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: 0, of: self, keyPath: Memo._$keyPath_count.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: 0, of: self)
                        }
                    }

                    private var _count: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_count = OpenSwiftData._keyPathConstant(\\Memo.count)

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Memo.self)
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
                        OpenSwiftData._modelSchemaMetadata(for: Memo.self, isolation: Memo._$isolation_Memo) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "count", keypath: \\Memo.count, defaultValue: 0, metadata: nil)
                            ]
                        }
                    }

                    private static func _$isolation_Memo() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _count = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }
                }

                extension Memo: nonisolated OpenSwiftData.PersistentModel {
                }
                """
        )
    }

    @Test("A let is persisted without accessors; init(backingData:) sets it from the store")
    func constantProperty() {
        assertExpansion(
            """
            @Model
            final class Receipt {
                let total: Double
                let currency = "EUR"
                init(total: Double) { self.total = total }
            }
            """,
            expandedSource: """
                final class Receipt {
                    let total: Double
                    let currency = "EUR"
                    init(total: Double) { self.total = total }

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Receipt.self)
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
                        OpenSwiftData._modelSchemaMetadata(for: Receipt.self, isolation: Receipt._$isolation_Receipt) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "total", keypath: \\Receipt.total, defaultValue: nil, metadata: nil),
                                OpenSwiftData.Schema.PropertyMetadata(name: "currency", keypath: \\Receipt.currency, defaultValue: "EUR", metadata: nil)
                            ]
                        }
                    }

                    private static func _$isolation_Receipt() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        self.total = backingData.constantValue(at: 0)
                        self.persistentBackingData = backingData
                    }
                }

                extension Receipt: nonisolated OpenSwiftData.PersistentModel {
                }
                """
        )
    }

    @Test("A class that is not final can be subclassed: class members, properties after its offset")
    func nonFinalClass() {
        assertExpansion(
            """
            @Model
            class Note {
                var text: String = ""
            }
            """,
            expandedSource: #"""
                class Note {
                    var text: String {
                        @storageRestrictions(accesses: _$backingData, initializes: _text)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: Note._$propertyOffset + 0, for: Self.self, isNewModelValue: OpenSwiftData._isDefaultValue(initialValue, ""))
                            _text = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: Note._$propertyOffset + 0, of: self, keyPath: Note._$keyPath_text.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: Note._$propertyOffset + 0, of: self)
                        }
                    }

                    private var _text: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_text = OpenSwiftData._keyPathConstant(\Note.text)

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
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
                        set {
                            let previous = _$backingData.backing
                            OpenSwiftData.ModelBackingReference.replaced(previous, with: newValue)
                            _$backingData.backing = newValue
                        }
                    }

                    nonisolated class var schemaMetadata: [OpenSwiftData.Schema.PropertyMetadata] {
                        OpenSwiftData._modelSchemaMetadata(for: Note.self, isolation: Note._$isolation_Note) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "text", keypath: \Note.text, defaultValue: "", metadata: nil)
                            ]
                        }
                    }

                    private static func _$isolation_Note() {
                    }

                    nonisolated class var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated class var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _text = OpenSwiftData._PersistedPropertyPlaceholder()
                        self.persistentBackingData = backingData
                    }

                    nonisolated private static var _$propertyOffset: Int {
                        0
                    }

                    nonisolated class var _$superentity: (any OpenSwiftData.PersistentModel.Type)? {
                        nil
                    }

                    static func _$keyPaths_Note<S: Note>(rootedAt _: S.Type) -> [AnyKeyPath] {
                        [\S.text]
                    }

                    /// Called when a model of a subclass gets its backing data: each class of the
                    /// hierarchy hands over the values its initializer stored before.
                    nonisolated func _$adoptInitialValues(into backing: OpenSwiftData.ModelBackingData) {
                        backing.needsInheritedValues = false
                    }
                }

                extension Note: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }

    @Test("A @Model subclass of a @Model class adds its own properties after its superclass's")
    func subclass() {
        assertExpansion(
            """
            @Model
            class BusinessTrip: Trip {
                var perdiem: Double = 0
                init(name: String, perdiem: Double) {
                    self.perdiem = perdiem
                    super.init(name: name)
                }
            }
            """,
            expandedSource: #"""
                class BusinessTrip: Trip {
                    var perdiem: Double {
                        @storageRestrictions(accesses: _$backingData, initializes: _perdiem)
                        init(initialValue) {
                            _$backingData.initializeValue(initialValue, at: BusinessTrip._$propertyOffset + 0, for: Self.self, isNewModelValue: OpenSwiftData._isDefaultValue(initialValue, 0))
                            _perdiem = OpenSwiftData._PersistedPropertyPlaceholder()
                        }
                        get {
                            persistentBackingData.value(at: BusinessTrip._$propertyOffset + 0, of: self, keyPath: BusinessTrip._$keyPath_perdiem.keyPath)
                        }
                        set {
                            persistentBackingData.setValue(newValue, at: BusinessTrip._$propertyOffset + 0, of: self)
                        }
                    }

                    private var _perdiem: OpenSwiftData._PersistedPropertyPlaceholder

                    private static let _$keyPath_perdiem = OpenSwiftData._keyPathConstant(\BusinessTrip.perdiem)
                    init(name: String, perdiem: Double) {
                        self.perdiem = perdiem
                        super.init(name: name)
                    }

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated private static let _$propertyOffset = Trip.schemaMetadata.count

                    nonisolated override class var schemaMetadata: [OpenSwiftData.Schema.PropertyMetadata] {
                        OpenSwiftData._modelSchemaMetadata(for: BusinessTrip.self, isolation: BusinessTrip._$isolation_BusinessTrip) {
                            OpenSwiftData.Schema.PropertyMetadata._inherited(
                                super.schemaMetadata, rootedAt: Trip._$keyPaths_Trip(rootedAt: BusinessTrip.self))
                                + [
                                OpenSwiftData.Schema.PropertyMetadata(name: "perdiem", keypath: \BusinessTrip.perdiem, defaultValue: 0, metadata: nil)
                            ]
                        }
                    }

                    private static func _$isolation_BusinessTrip() {
                    }

                    nonisolated override class var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated override class var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated override class var _$superentity: (any OpenSwiftData.PersistentModel.Type)? {
                        Trip.self
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        _perdiem = OpenSwiftData._PersistedPropertyPlaceholder()
                        let previous = _$backingData.backing
                        OpenSwiftData.ModelBackingReference.replaced(previous, with: backingData)
                        _$backingData.backing = backingData
                        super.init(backingData: backingData)
                    }

                    nonisolated override func _$adoptInitialValues(into backing: OpenSwiftData.ModelBackingData) {
                        let own = _$backingData.backing
                        _$backingData.backing = backing
                        OpenSwiftData.ModelBackingReference.handOver(from: own, to: backing, properties: BusinessTrip._$propertyOffset ..< (BusinessTrip._$propertyOffset + 1))
                        super._$adoptInitialValues(into: backing)
                    }

                    static func _$keyPaths_BusinessTrip<S: BusinessTrip>(rootedAt _: S.Type) -> [AnyKeyPath] {
                        Trip._$keyPaths_Trip(rootedAt: S.self) + [\S.perdiem]
                    }
                }
                """#,
            macroSpecs: subclassMacroSpecs
        )
    }

    @Test("A private class gets members without access modifier")
    func privateClass() {
        assertExpansion(
            """
            @Model
            private final class Tag {
            }
            """,
            expandedSource: """
                private final class Tag {

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Tag.self)
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
                        OpenSwiftData._modelSchemaMetadata(for: Tag.self, isolation: Tag._$isolation_Tag) {
                            []
                        }
                    }

                    private static func _$isolation_Tag() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        self.persistentBackingData = backingData
                    }
                }

                extension Tag: nonisolated OpenSwiftData.PersistentModel {
                }
                """
        )
    }
}
