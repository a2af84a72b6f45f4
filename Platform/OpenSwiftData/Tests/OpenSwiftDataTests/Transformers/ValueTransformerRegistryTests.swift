import Foundation
import Synchronization
import Testing

@testable import OpenSwiftData

/// Counts the calls that overlap: a registered transformer is one object shared by every
/// context, and OpenSwiftData must not call it from two threads at once.
final class OverlapDetectingTransformer: ValueTransformer {
    private var callsInProgress = 0
    private(set) var overlaps = 0
    private(set) var calls = 0

    override func transformedValue(_ value: Any?) -> Any? {
        callsInProgress += 1
        if callsInProgress > 1 { overlaps += 1 }
        calls += 1
        usleep(200)
        callsInProgress -= 1
        return Data("\(value ?? "")".utf8)
    }
}

/// A transformer that uppercases strings, to tell registrations apart.
final class UppercaseTransformer: ValueTransformer {
    override func transformedValue(_ value: Any?) -> Any? { (value as? String)?.uppercased() }
}

@Suite("ValueTransformer and its registry")
struct ValueTransformerRegistryTests {
    @Test("setValueTransformer registers, init(forName:) returns the registered object, nil removes it")
    func registration() {
        let name = NSValueTransformerName("RegistrationTest")
        #expect(ValueTransformer(forName: name) == nil)
        let transformer = UppercaseTransformer()
        ValueTransformer.setValueTransformer(transformer, forName: name)
        #expect(ValueTransformer(forName: name) === transformer)
        #expect(UppercaseTransformer(forName: name) === transformer)
        #expect(NSSecureUnarchiveFromDataTransformer(forName: name) == nil, "registered, but not of that class")
        #expect(ValueTransformer.valueTransformerNames().contains(name))
        #expect(ValueTransformer(forName: name)?.transformedValue("abc") as? String == "ABC")
        ValueTransformer.setValueTransformer(nil, forName: name)
        #expect(ValueTransformer(forName: name) == nil)
        #expect(!ValueTransformer.valueTransformerNames().contains(name))
    }

    @Test("Foundation's secure unarchiving transformer is registered from the start")
    func builtInRegistration() {
        #expect(ValueTransformer.valueTransformerNames().contains(.secureUnarchiveFromDataTransformerName))
        #expect(NSValueTransformerName.secureUnarchiveFromDataTransformerName.rawValue == "NSSecureUnarchiveFromData")
        #expect(
            ValueTransformer(forName: .secureUnarchiveFromDataTransformerName) is NSSecureUnarchiveFromDataTransformer)
    }

    @Test("the base class's defaults are Foundation's: identity, reversible, NSObject")
    func baseClassDefaults() {
        let transformer = ValueTransformer()
        #expect(transformer.transformedValue("x") as? String == "x")
        #expect(transformer.reverseTransformedValue(3) as? Int == 3)
        #expect(ValueTransformer.allowsReverseTransformation())
        #expect(ObjectIdentifier(ValueTransformer.transformedValueClass()) == ObjectIdentifier(NSObject.self))
        #expect(OneWayTransformer().reverseTransformedValue(Data()) == nil)
    }

    @Test("a registered transformer is called by one thread at a time")
    func registeredTransformerIsCalledOneAtATime() async throws {
        let name = NSValueTransformerName("OverlapTest")
        let transformer = OverlapDetectingTransformer()
        ValueTransformer.setValueTransformer(transformer, forName: name)
        defer { ValueTransformer.setValueTransformer(nil, forName: name) }
        let reference = TransformerReference.name(name.rawValue)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<25 { _ = try reference.data(from: "\(task)-\(index)") }
                }
            }
            try await group.waitForAll()
        }
        let registered = try #require(ValueTransformer(forName: name) as? OverlapDetectingTransformer)
        #expect(registered.calls == 200)
        #expect(registered.overlaps == 0)
    }
}
