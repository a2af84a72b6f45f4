// snippet.hide
import Foundation
import OpenSwiftData

/// A color kept as a class, as an app keeps a `UIColor`.
final class Color {
    let hex: String

    init(hex: String) { self.hex = hex }
}

// snippet.show
final class ColorTransformer: ValueTransformer {
    override class func transformedValueClass() -> AnyClass { NSData.self }
    override class func allowsReverseTransformation() -> Bool { true }
    override func transformedValue(_ value: Any?) -> Any? {  // Color -> Data
        (value as? Color).map { Data($0.hex.utf8) }
    }
    override func reverseTransformedValue(_ value: Any?) -> Any? {  // Data -> Color
        (value as? Data).map { Color(hex: String(decoding: $0, as: UTF8.self)) }
    }
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
