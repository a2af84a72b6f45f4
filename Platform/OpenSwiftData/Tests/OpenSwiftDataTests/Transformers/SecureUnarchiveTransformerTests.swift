import Foundation
import Testing

@testable import OpenSwiftData

/// A `NSCoding` class without secure coding, which secure archiving refuses.
final class Insecure: NSObject, NSCoding {
    override init() {}
    func encode(with coder: NSCoder) {}
    required init?(coder: NSCoder) {}
}

/// `NSSecureUnarchiveFromDataTransformer` on Linux: Foundation's behaviour, and nil
/// where Linux's archiver would stop the program.
@Suite("NSSecureUnarchiveFromDataTransformer")
struct SecureUnarchiveTransformerTests {
    private let standard = NSSecureUnarchiveFromDataTransformer()

    private func roundTrip(_ value: Any, with transformer: NSSecureUnarchiveFromDataTransformer) -> Any? {
        guard let data = transformer.reverseTransformedValue(value) as? Data else { return nil }
        return transformer.transformedValue(data)
    }

    @Test("Foundation's value types round-trip through the default allowed classes")
    func standardClasses() throws {
        #expect(roundTrip(["a", "b"], with: standard) as? [String] == ["a", "b"])
        #expect(roundTrip(["k": 1], with: standard) as? [String: Int] == ["k": 1])
        #expect(roundTrip("text", with: standard) as? String == "text")
        #expect(roundTrip(42, with: standard) as? Int == 42)
        let date = Date(timeIntervalSinceReferenceDate: 1000)
        #expect(roundTrip(date, with: standard) as? Date == date)
        let url = try #require(URL(string: "https://example.com/a"))
        #expect(roundTrip(url, with: standard) as? URL == url)
        let uuid = UUID()
        #expect(roundTrip(uuid, with: standard) as? UUID == uuid)
    }

    @Test("a subclass's allowed classes admit an app's own secure-coding class")
    func subclassAllowsOwnClass() {
        let tint = Tint(name: "teal", red: 0.25)
        #expect(roundTrip(tint, with: TintArchiveTransformer()) as? Tint == tint)
    }

    @Test("an archive of a class that is not allowed gives nil, where Linux's unarchiver would stop the program")
    func disallowedClassGivesNil() throws {
        let archive = try NSKeyedArchiver.archivedData(
            withRootObject: Tint(name: "teal", red: 0.25), requiringSecureCoding: true)
        #expect(standard.transformedValue(archive) == nil)
        let array = try NSKeyedArchiver.archivedData(
            withRootObject: [Tint(name: "teal", red: 0.25)], requiringSecureCoding: true)
        #expect(standard.transformedValue(array) == nil, "a collection's members are checked too")
        #expect(SecureArchiveCheck.canUnarchive(array, allowedClasses: [NSArray.self, Tint.self]))
    }

    @Test("a value that cannot be archived securely, or read back, gives nil")
    func unarchivableValuesGiveNil() {
        struct NotAnObject { var x = 1 }
        #expect(standard.reverseTransformedValue(Insecure()) == nil)
        #expect(standard.reverseTransformedValue([Insecure()]) == nil)
        #expect(standard.reverseTransformedValue(NotAnObject()) == nil)
        #expect(standard.reverseTransformedValue(Tint(name: "a", red: 0)) == nil, "not among the allowed classes")
        #expect(standard.reverseTransformedValue(nil) == nil)
    }

    @Test("data that is not a keyed archive gives nil")
    func garbageGivesNil() throws {
        #expect(standard.transformedValue(Data("not an archive".utf8)) == nil)
        #expect(standard.transformedValue("not data") == nil)
        let plist = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .binary, options: 0)
        #expect(standard.transformedValue(plist) == nil)
    }
}
