import Foundation
import SwiftData
import Testing

/// A color kept as a class, as an app keeps a `UIColor`: secure-coding, not `Codable`.
final class PaletteColor: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let red: Double
    let green: Double
    let blue: Double

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    func encode(with coder: NSCoder) {
        coder.encode(red, forKey: "red")
        coder.encode(green, forKey: "green")
        coder.encode(blue, forKey: "blue")
    }

    required init?(coder: NSCoder) {
        red = coder.decodeDouble(forKey: "red")
        green = coder.decodeDouble(forKey: "green")
        blue = coder.decodeDouble(forKey: "blue")
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? PaletteColor else { return false }
        return (red, green, blue) == (other.red, other.green, other.blue)
    }

    override var hash: Int { red.hashValue }
}

/// The transformer Apple's samples write for such a class, registered by name as well.
final class PaletteColorTransformer: NSSecureUnarchiveFromDataTransformer {
    static let name = NSValueTransformerName(rawValue: "PaletteColorTransformer")

    override static var allowedTopLevelClasses: [AnyClass] { [PaletteColor.self] }

    static func register() {
        ValueTransformer.setValueTransformer(PaletteColorTransformer(), forName: name)
    }
}

/// A plain Swift class, neither `Codable` nor an `NSObject`.
final class Stroke: Equatable {
    let width: Double
    let dashes: [Double]

    init(width: Double, dashes: [Double]) {
        self.width = width
        self.dashes = dashes
    }

    static func == (lhs: Stroke, rhs: Stroke) -> Bool { lhs.width == rhs.width && lhs.dashes == rhs.dashes }
}

/// A hand-written transformer: `Stroke` to `Data` and back. A negative width cannot be stored.
final class StrokeTransformer: ValueTransformer {
    override class func transformedValueClass() -> AnyClass { NSData.self }
    override class func allowsReverseTransformation() -> Bool { true }

    override func transformedValue(_ value: Any?) -> Any? {
        guard let stroke = value as? Stroke, stroke.width >= 0 else { return nil }
        return try? JSONEncoder().encode([stroke.width] + stroke.dashes)
    }

    override func reverseTransformedValue(_ value: Any?) -> Any? {
        guard let data = value as? Data, let numbers = try? JSONDecoder().decode([Double].self, from: data),
            let width = numbers.first
        else { return nil }
        return Stroke(width: width, dashes: Array(numbers.dropFirst()))
    }
}

@Model
final class Sketch {
    var name: String
    @Attribute(.transformable(by: PaletteColorTransformer.self)) var color: PaletteColor
    @Attribute(.transformable(by: StrokeTransformer.self)) var stroke: Stroke?
    @Attribute(.transformable(by: "PaletteColorTransformer")) var background: PaletteColor?

    init(name: String, color: PaletteColor) {
        self.name = name
        self.color = color
    }
}

@Suite("@Attribute(.transformable(by:))")
struct TransformableTests {
    private func temporaryStore() -> (folder: URL, url: URL) {
        let folder = FileManager.default.temporaryDirectory.appending(path: "PortingTests-\(UUID().uuidString)")
        return (folder, folder.appending(path: "sketches.store"))
    }

    @Test("a class stored through its transformer, by type and by registered name, reads back from the store")
    func storesThroughTransformers() throws {
        PaletteColorTransformer.register()
        let (folder, url) = temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let red = PaletteColor(red: 1, green: 0, blue: 0)
        let paper = PaletteColor(red: 0.98, green: 0.96, blue: 0.9)
        do {
            let container = try ModelContainer(for: Sketch.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            let sketch = Sketch(name: "Poppy", color: red)
            sketch.stroke = Stroke(width: 2.5, dashes: [4, 2])
            sketch.background = paper
            context.insert(sketch)
            try context.save()
        }
        let container = try ModelContainer(for: Sketch.self, configurations: ModelConfiguration(url: url))
        let sketch = try #require(try ModelContext(container).fetch(FetchDescriptor<Sketch>()).first)
        #expect(sketch.color == red)
        #expect(sketch.background == paper)
        #expect(sketch.stroke?.width == 2.5)
        #expect(sketch.stroke?.dashes == [4, 2])
    }

    @Test("Foundation's registry API: names, and the registered transformer by name")
    func registryAPI() {
        PaletteColorTransformer.register()
        #expect(ValueTransformer.valueTransformerNames().contains(PaletteColorTransformer.name))
        #expect(ValueTransformer(forName: PaletteColorTransformer.name) is PaletteColorTransformer)
        #expect(ValueTransformer(forName: .secureUnarchiveFromDataTransformerName) != nil)
    }

    @Test("a value its transformer cannot store fails the save with modelValidationFailure; nothing is lost")
    func unstorableValueFailsSave() throws {
        let container = try ModelContainer(
            for: Sketch.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let sketch = Sketch(name: "Poppy", color: PaletteColor(red: 1, green: 0, blue: 0))
        sketch.stroke = Stroke(width: -1, dashes: [])
        context.insert(sketch)
        do {
            try context.save()
            Issue.record("saved a value the transformer refused")
        } catch let error as SwiftDataError where error == .modelValidationFailure {
            #expect(error.description.contains("Sketch.stroke"))
        }
        sketch.stroke = Stroke(width: 1, dashes: [])
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Sketch>()).first?.stroke?.width == 1)
    }

    @Test("a predicate on a transformable attribute selects what it selects in memory")
    func predicates() throws {
        let container = try ModelContainer(
            for: Sketch.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        for (name, width) in [("thin", 0.5), ("bold", 4.0)] {
            let sketch = Sketch(name: name, color: PaletteColor(red: 0, green: 0, blue: 0))
            sketch.stroke = Stroke(width: width, dashes: [])
            context.insert(sketch)
        }
        context.insert(Sketch(name: "bare", color: PaletteColor(red: 0, green: 0, blue: 0)))
        try context.save()
        let stroked = try context.fetch(FetchDescriptor<Sketch>(predicate: #Predicate { $0.stroke != nil }))
        #expect(Set(stroked.map(\.name)) == ["thin", "bold"])
        let bold = try context.fetch(
            FetchDescriptor<Sketch>(predicate: #Predicate { $0.stroke.flatMap { $0.width > 1 } ?? false }))
        #expect(bold.map(\.name) == ["bold"])
    }
}
