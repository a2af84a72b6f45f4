import Foundation
import OpenSwiftData

/// A class that is not `Codable`: storable only through a transformer.
final class Tint: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let name: String
    let red: Double

    init(name: String, red: Double) {
        self.name = name
        self.red = red
    }

    func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "name")
        coder.encode(red, forKey: "red")
    }

    required init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: NSString.self, forKey: "name") else { return nil }
        self.name = name as String
        self.red = coder.decodeDouble(forKey: "red")
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Tint else { return false }
        return name == other.name && red == other.red
    }

    override var hash: Int { name.hashValue }
}

/// Stores a tint as the text `name:red`. Names chosen to fail: `unstorable` gives nil,
/// `not-data` gives a `String` instead of `Data`.
final class TintTransformer: ValueTransformer {
    override class func transformedValueClass() -> AnyClass { NSData.self }
    override class func allowsReverseTransformation() -> Bool { true }

    override func transformedValue(_ value: Any?) -> Any? {
        guard let tint = value as? Tint, tint.name != "unstorable" else { return nil }
        if tint.name == "not-data" { return "not-data" }
        return Data("\(tint.name):\(tint.red)".utf8)
    }

    override func reverseTransformedValue(_ value: Any?) -> Any? {
        guard let data = value as? Data else { return nil }
        let parts = String(decoding: data, as: UTF8.self).split(separator: ":")
        guard parts.count == 2, let red = Double(parts[1]) else { return nil }
        return Tint(name: String(parts[0]), red: red)
    }
}

/// Archives tints with `NSKeyedArchiver`, as an app subclasses Foundation's transformer.
final class TintArchiveTransformer: NSSecureUnarchiveFromDataTransformer {
    override class var allowedTopLevelClasses: [AnyClass] { [Tint.self] }
}

/// A transformer that cannot read back what it writes.
final class OneWayTransformer: ValueTransformer {
    override class func allowsReverseTransformation() -> Bool { false }
    override func transformedValue(_ value: Any?) -> Any? { Data() }
}

/// Transformable attributes in both spellings: by type, and by a registered name.
@Model
final class Swatch {
    var label: String
    @Attribute(.transformable(by: TintTransformer.self)) var tint: Tint
    @Attribute(.transformable(by: TintArchiveTransformer.self)) var archived: Tint?
    @Attribute(.transformable(by: "NSSecureUnarchiveFromData")) var tags: [String]?
    @Attribute(.transformable(by: TintTransformer.self)) var accent: Tint = Tint(name: "white", red: 1)

    init(label: String, tint: Tint) {
        self.label = label
        self.tint = tint
    }
}

@Model
final class OneWaySwatch {
    @Attribute(.transformable(by: OneWayTransformer.self)) var tint: Tint?

    init() {}
}
