import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// A unique attribute declared by a root class holds across its subclasses: a new model
/// with a stored model's value updates that row when both are of one class, and is refused,
/// naming both classes, when they are not (an upsert cannot change a row's class without
/// losing the values of one class or making up those of the other).
@Suite("Unique values across a class hierarchy")
struct UpsertAcrossClassesTests {
    let folder = TemporaryFolder()

    /// The stored rows as a new context reads them: class, email, name and level.
    private func stored(_ container: ModelContainer) throws -> [String] {
        try ModelContext(container).fetch(FetchDescriptor<Member>(sortBy: [SortDescriptor(\.name)])).map {
            "\(type(of: $0)) \($0.email) \($0.name) \(($0 as? Staff)?.level ?? -1)"
        }
    }

    /// `context.save()` throws `uniqueValueOfAnotherClass` naming the new model's class, its
    /// email and the stored row's class.
    private func expectSaveRefused(
        _ context: ModelContext, entity: String, storedEntity: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            try context.save()
            Issue.record("the save succeeded", sourceLocation: sourceLocation)
        } catch {
            guard
                case .uniqueValueOfAnotherClass(let refused, let properties, let stored)? = (error as? SwiftDataError)?
                    .cause
            else {
                Issue.record("expected uniqueValueOfAnotherClass, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(refused == entity, sourceLocation: sourceLocation)
            #expect(properties == ["email"], sourceLocation: sourceLocation)
            #expect(stored == storedEntity, sourceLocation: sourceLocation)
        }
    }

    @Test("a staff model with a stored member's email is refused, and nothing is written")
    func subclassMeetsSuperclassRow() throws {
        let container = try makeContainer([Member.self, Staff.self], folder: folder)
        let context = ModelContext(container)
        context.insert(Member(email: "a@example.com", name: "Ada"))
        try context.save()
        context.insert(Staff(email: "a@example.com", name: "Grace", level: 5))
        expectSaveRefused(context, entity: "Staff", storedEntity: "Member")
        #expect(context.hasChanges)
        #expect(try stored(container) == ["Member a@example.com Ada -1"])
    }

    @Test("a member model with a stored staff's email is refused, and the staff row keeps its class and level")
    func superclassMeetsSubclassRow() throws {
        let container = try makeContainer([Member.self, Staff.self], folder: folder)
        let context = ModelContext(container)
        let ada = Staff(email: "a@example.com", name: "Ada", level: 3)
        context.insert(ada)
        try context.save()
        context.insert(Member(email: "a@example.com", name: "Grace"))
        expectSaveRefused(context, entity: "Member", storedEntity: "Staff")
        #expect(try stored(container) == ["Staff a@example.com Ada 3"])
        #expect(ada.name == "Ada")
    }

    @Test("a member and a staff model with one email in one save are refused")
    func twoClassesInOneSave() throws {
        let container = try makeContainer([Member.self, Staff.self], folder: folder)
        let context = ModelContext(container)
        context.insert(Member(email: "a@example.com", name: "Ada"))
        context.insert(Staff(email: "a@example.com", name: "Grace", level: 5))
        expectSaveRefused(context, entity: "Staff", storedEntity: "Member")
        #expect(try stored(container) == [])
    }

    @Test("a staff model with a stored staff's email updates that row, the inherited unique value included")
    func sameSubclassUpserts() throws {
        let container = try makeContainer([Member.self, Staff.self], folder: folder)
        let context = ModelContext(container)
        context.insert(Staff(email: "a@example.com", name: "Ada", level: 3))
        context.insert(Member(email: "b@example.com", name: "Bea"))
        try context.save()
        context.insert(Staff(email: "a@example.com", name: "Ada L.", level: 5))
        context.insert(Member(email: "b@example.com", name: "Bea B."))
        try context.save()
        #expect(try stored(container) == ["Staff a@example.com Ada L. 5", "Member b@example.com Bea B. -1"])
    }
}
