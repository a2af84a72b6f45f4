import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Suite("Attribute types")
struct AttributeTypesTests {
    @Test("every supported type round-trips through save and a fresh container on the same file")
    func roundTrip() throws {
        let folder = TemporaryFolder()
        let original = AllTypes(seed: 7)
        original.optionalInt = -3
        original.optionalDouble = .pi
        original.optionalBool = false
        original.optionalString = ""
        original.optionalDate = Date(timeIntervalSince1970: 0)
        original.optionalData = Data()
        original.optionalURL = URL(fileURLWithPath: "/tmp/x y")
        original.optionalUUID = UUID()
        original.optionalDecimal = Decimal(string: "-0.000001")
        original.optionalPriority = .low
        original.optionalCoordinates = Coordinates(latitude: 0, longitude: 0)
        original.optionalStrings = []
        let empty = AllTypes(seed: 8)
        do {
            let container = try makeContainer([AllTypes.self], folder: folder)
            let context = ModelContext(container)
            context.insert(original)
            context.insert(empty)
            try context.save()
        }
        let container = try makeContainer([AllTypes.self], folder: folder)
        let fetched = try ModelContext(container).fetch(FetchDescriptor<AllTypes>(sortBy: [SortDescriptor(\.int64)]))
        #expect(fetched.count == 2)
        let copy = try #require(fetched.first)
        #expect(copy.int == original.int)
        #expect(copy.int8 == original.int8)
        #expect(copy.int16 == original.int16)
        #expect(copy.int32 == original.int32)
        #expect(copy.int64 == original.int64)
        #expect(copy.uint == original.uint)
        #expect(copy.uint8 == original.uint8)
        #expect(copy.uint16 == original.uint16)
        #expect(copy.uint32 == original.uint32)
        #expect(copy.uint64 == original.uint64)
        #expect(copy.double == original.double)
        #expect(copy.float == original.float)
        #expect(copy.bool == original.bool)
        #expect(copy.string == original.string)
        #expect(copy.date == original.date)
        #expect(copy.data == original.data)
        #expect(copy.url == original.url)
        #expect(copy.uuid == original.uuid)
        #expect(copy.decimal == original.decimal)
        #expect(copy.priority == original.priority)
        #expect(copy.coordinates == original.coordinates)
        #expect(copy.strings == original.strings)
        #expect(copy.optionalInt == original.optionalInt)
        #expect(copy.optionalDouble == original.optionalDouble)
        #expect(copy.optionalBool == original.optionalBool)
        #expect(copy.optionalString == original.optionalString)
        #expect(copy.optionalDate == original.optionalDate)
        #expect(copy.optionalData == original.optionalData)
        #expect(copy.optionalURL == original.optionalURL)
        #expect(copy.optionalUUID == original.optionalUUID)
        #expect(copy.optionalDecimal == original.optionalDecimal)
        #expect(copy.optionalPriority == original.optionalPriority)
        #expect(copy.optionalCoordinates == original.optionalCoordinates)
        #expect(copy.optionalStrings == original.optionalStrings)
        let nils = fetched[1]
        #expect(nils.optionalInt == nil)
        #expect(nils.optionalDouble == nil)
        #expect(nils.optionalBool == nil)
        #expect(nils.optionalString == nil)
        #expect(nils.optionalDate == nil)
        #expect(nils.optionalData == nil)
        #expect(nils.optionalURL == nil)
        #expect(nils.optionalUUID == nil)
        #expect(nils.optionalDecimal == nil)
        #expect(nils.optionalPriority == nil)
        #expect(nils.optionalCoordinates == nil)
        #expect(nils.optionalStrings == nil)
    }

    @Test("values are stored in readable forms")
    func storedForms() throws {
        let container = try makeInMemoryContainer([AllTypes.self])
        let context = ModelContext(container)
        context.insert(AllTypes(seed: 1))
        try context.save()
        let row = try #require(try readSQL(container) { db in try Row.fetchOne(db, sql: "SELECT * FROM AllTypes") })
        #expect(row["string"] as String == "héllo \u{1F37F} 1")
        #expect(row["uuid"] as String == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(row["url"] as String == "https://example.com/a%20b?q=1")
        #expect(row["priority"] as Int == 9)
        #expect(row["coordinates"] as String == #"{"latitude":51.5,"longitude":-0.12}"#)
        #expect(row["strings"] as String == #"["a","b",""]"#)
        #expect(row["bool"] as Int == 1)
        #expect(row["decimal"] as String == "12345678901234567890.123456789")
        #expect(row["optionalInt"] as DatabaseValue == .null)
    }

    @Test("JSON arrays can be searched with contains")
    func jsonContains() throws {
        let container = try makeInMemoryContainer([AllTypes.self])
        let context = ModelContext(container)
        let tagged = AllTypes(seed: 1)
        tagged.strings = ["popcorn", "film"]
        context.insert(tagged)
        context.insert(AllTypes(seed: 2))
        try context.save()
        let found = try ModelContext(container).fetch(
            FetchDescriptor<AllTypes>(predicate: #Predicate { $0.strings.contains("film") }))
        #expect(found.map(\.int) == [Int.max - 1])
    }
}
