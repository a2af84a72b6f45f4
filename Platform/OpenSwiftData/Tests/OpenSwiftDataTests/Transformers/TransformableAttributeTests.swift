import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// `@Attribute(.transformable(by:))`: stored as the transformer's `Data`, read back
/// through it, and a transformer that fails is a clear error at save, never a lost value.
@Suite("Transformable attributes")
struct TransformableAttributeTests {
    @Test("a class that is not Codable is stored as its transformer's Data, and read back after a fetch")
    func roundTrip() throws {
        let folder = TemporaryFolder()
        do {
            let container = try makeContainer([Swatch.self], folder: folder)
            let context = ModelContext(container)
            let swatch = Swatch(label: "sea", tint: Tint(name: "teal", red: 0.2))
            swatch.archived = Tint(name: "navy", red: 0.05)
            swatch.tags = ["cold", "deep"]
            context.insert(swatch)
            try context.save()
            let stored = try readSQL(container) { db in
                try Row.fetchOne(db, sql: "SELECT typeof(tint), tint, typeof(archived), typeof(tags) FROM Swatch")
            }
            let row = try #require(stored)
            #expect(row[0] as String == "blob")
            #expect(row[1] as Data == Data("teal:0.2".utf8))
            #expect(row[2] as String == "blob")
            #expect(row[3] as String == "blob")
        }
        let container = try makeContainer([Swatch.self], folder: folder)
        let fetched = try #require(try ModelContext(container).fetch(FetchDescriptor<Swatch>()).first)
        #expect(fetched.tint == Tint(name: "teal", red: 0.2))
        #expect(fetched.archived == Tint(name: "navy", red: 0.05))
        #expect(fetched.tags == ["cold", "deep"])
        #expect(fetched.accent == Tint(name: "white", red: 1))
    }

    @Test("nil is stored as NULL without calling the transformer")
    func nilIsNull() throws {
        let container = try makeInMemoryContainer([Swatch.self])
        let context = ModelContext(container)
        context.insert(Swatch(label: "plain", tint: Tint(name: "grey", red: 0.5)))
        try context.save()
        let types = try readSQL(container) { db in try String.fetchAll(db, sql: "SELECT typeof(archived) FROM Swatch") }
        #expect(types == ["null"])
        #expect(try ModelContext(container).fetch(FetchDescriptor<Swatch>()).first?.archived == nil)
    }

    @Test("a transformer that returns nil makes save() throw, and the context keeps its changes")
    func transformerReturningNil() throws {
        let container = try makeInMemoryContainer([Swatch.self])
        let context = ModelContext(container)
        let swatch = Swatch(label: "sea", tint: Tint(name: "teal", red: 0.2))
        context.insert(swatch)
        try context.save()

        swatch.tint = Tint(name: "unstorable", red: 0)
        #expect(context.hasChanges)
        #expect(swatch.tint.name == "teal", "the model keeps the value it could store")
        expectCause(
            .valueNotStored(
                entity: "Swatch", property: "tint",
                reason: "TintTransformer.transformedValue(_:) returned nil for a Tint")
        ) {
            try context.save()
        }
        #expect(context.hasChanges)
        swatch.tint = Tint(name: "coral", red: 0.9)
        try context.save()
        let fetched = try ModelContext(container).fetch(FetchDescriptor<Swatch>())
        #expect(fetched.map(\.tint.name) == ["coral"])
    }

    @Test("a transformer that returns something other than Data is refused at save, for a new model too")
    func transformerReturningOtherThanData() throws {
        let container = try makeInMemoryContainer([Swatch.self])
        let context = ModelContext(container)
        context.insert(Swatch(label: "odd", tint: Tint(name: "not-data", red: 0)))
        expectCause(
            .valueNotStored(
                entity: "Swatch", property: "tint",
                reason: "TintTransformer.transformedValue(_:) returned a String, not Data")
        ) {
            try context.save()
        }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Swatch>()) == 0)
    }

    @Test("rollback() forgets a value that could not be stored")
    func rollbackForgetsUnstorable() throws {
        let container = try makeInMemoryContainer([Swatch.self])
        let context = ModelContext(container)
        let swatch = Swatch(label: "sea", tint: Tint(name: "teal", red: 0.2))
        context.insert(swatch)
        try context.save()
        swatch.tint = Tint(name: "unstorable", red: 0)
        context.rollback()
        #expect(!context.hasChanges)
        try context.save()
        #expect(swatch.tint.name == "teal")
    }

    @Test("a name no transformer is registered under is an error at save that says how to register one")
    func unregisteredName() throws {
        let reference = TransformerReference.name("NoSuchTransformer")
        #expect(throws: TransformableError.self) { try reference.data(from: Tint(name: "a", red: 0)) }
        do {
            _ = try reference.data(from: Tint(name: "a", red: 0))
        } catch {
            #expect("\(error)".contains("ValueTransformer.setValueTransformer(_:forName:)"))
        }
    }

    @Test("reading back: nil and a value of the wrong type are errors that name the transformer")
    func readingBackFailures() throws {
        let reference = TransformerReference.type(TintTransformer.self)
        do {
            _ = try reference.value(from: Data("garbage".utf8), as: Tint.self)
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "TintTransformer.reverseTransformedValue(_:) returned nil for a Data")
        }
        do {
            _ = try reference.value(from: Data("teal:0.2".utf8), as: String.self)
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "TintTransformer.reverseTransformedValue(_:) returned a Tint, not a String")
        }
    }

    @Test("a transformer that cannot reverse its transformation is refused when the container is created")
    func oneWayTransformerRefused() throws {
        #expect {
            _ = try makeInMemoryContainer([OneWaySwatch.self])
        } throws: { error in
            guard case .invalidModel(let entity, let reason)? = (error as? SwiftDataError)?.cause else { return false }
            return entity == "OneWaySwatch" && reason.contains("allowsReverseTransformation() is false")
        }
    }

    @Test("predicates on a transformable attribute: nil tests in SQL, the rest in memory, with the same answer")
    func predicates() throws {
        let container = try makeInMemoryContainer([Swatch.self])
        let context = ModelContext(container)
        for (label, name) in [("a", "teal"), ("b", "coral"), ("c", "teal")] {
            let swatch = Swatch(label: label, tint: Tint(name: name, red: 0.1))
            if label != "b" { swatch.archived = Tint(name: "navy", red: 0) }
            context.insert(swatch)
        }
        try context.save()
        let entity = try EntityDescriptor.of(Swatch.self)

        let withArchive = #Predicate<Swatch> { $0.archived != nil }
        #expect(PredicateTranslator.condition(for: withArchive, entity: entity)?.isExact == true)
        #expect(try context.fetch(FetchDescriptor(predicate: withArchive)).map(\.label).sorted() == ["a", "c"])

        let teal = #Predicate<Swatch> { $0.tint.name == "teal" }
        #expect(PredicateTranslator.condition(for: teal, entity: entity)?.isExact != true)
        let fetched = try ModelContext(container).fetch(
            FetchDescriptor(predicate: teal, sortBy: [SortDescriptor(\.label)]))
        #expect(fetched.map(\.label) == ["a", "c"])
    }

    @Test("a transformable attribute's stored type names the transformer, so changing either is a type change")
    func storedTypeName() throws {
        let entity = try EntityDescriptor.of(Swatch.self)
        let shape = EntityShape(entity)
        let types = Dictionary(uniqueKeysWithValues: shape.attributes.map { ($0.name, $0.type) })
        #expect(types["tint"] == "Transformable<Tint>(by: TintTransformer)")
        #expect(types["tags"] == "Transformable<Array<String>>(by: \"NSSecureUnarchiveFromData\")")
    }
}
