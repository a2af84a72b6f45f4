import Foundation
import OpenSwiftData

/// A Codable value stored as JSON.
struct Coordinates: Codable, Hashable {
    var latitude: Double
    var longitude: Double
}

enum Priority: Int, Codable {
    case low = 1, high = 9
}

/// Every supported attribute type, non-optional and optional.
@Model
final class AllTypes {
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var double: Double
    var float: Float
    var bool: Bool
    var string: String
    var date: Date
    var data: Data
    var url: URL
    var uuid: UUID
    var decimal: Decimal
    var priority: Priority
    var coordinates: Coordinates
    var strings: [String]
    var optionalInt: Int?
    var optionalDouble: Double?
    var optionalBool: Bool?
    var optionalString: String?
    var optionalDate: Date?
    var optionalData: Data?
    var optionalURL: URL?
    var optionalUUID: UUID?
    var optionalDecimal: Decimal?
    var optionalPriority: Priority?
    var optionalCoordinates: Coordinates?
    var optionalStrings: [String]?

    init(seed: Int) {
        int = Int.max - seed
        int8 = Int8.min
        int16 = Int16.max
        int32 = Int32.min
        int64 = Int64.min + Int64(seed)
        uint = UInt.max
        uint8 = UInt8.max
        uint16 = UInt16.max
        uint32 = UInt32.max
        uint64 = UInt64.max - UInt64(seed)
        double = 1.0 / 3.0
        float = 0.1
        bool = true
        string = "héllo \u{1F37F} \(seed)"
        date = Date(timeIntervalSinceReferenceDate: 123_456_789.123_456_7)
        data = Data([0, 1, 2, 255])
        url = URL(string: "https://example.com/a%20b?q=1")!
        uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        decimal = Decimal(string: "12345678901234567890.123456789")!
        priority = .high
        coordinates = Coordinates(latitude: 51.5, longitude: -0.12)
        strings = ["a", "b", ""]
    }
}
