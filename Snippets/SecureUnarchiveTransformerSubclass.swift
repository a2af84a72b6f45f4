// snippet.hide
import Foundation
import OpenSwiftData

/// A color kept as a class, as an app keeps a `UIColor`: secure-coding, not `Codable`.
final class Color: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let hex: String

    init(hex: String) { self.hex = hex }

    func encode(with coder: NSCoder) { coder.encode(hex as NSString, forKey: "hex") }

    required init?(coder: NSCoder) {
        guard let hex = coder.decodeObject(of: NSString.self, forKey: "hex") else { return nil }
        self.hex = hex as String
    }
}

// snippet.show
final class ColorTransformer: NSSecureUnarchiveFromDataTransformer {
    override class var allowedTopLevelClasses: [AnyClass] { [Color.self] }
}
// snippet.hide
@Model
final class Palette {
    @Attribute(.transformable(by: ColorTransformer.self)) var accent: Color?

    init(accent: Color?) { self.accent = accent }
}

let container = try ModelContainer(for: Palette.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
let context = ModelContext(container)
context.insert(Palette(accent: Color(hex: "#FF9500")))
try context.save()
print(try context.fetch(FetchDescriptor<Palette>()).map { $0.accent?.hex ?? "none" })
