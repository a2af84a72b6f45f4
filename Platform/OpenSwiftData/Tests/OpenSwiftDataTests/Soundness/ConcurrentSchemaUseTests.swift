import Foundation
import Testing

@testable import OpenSwiftData

/// The process-wide descriptions of models (entity descriptors, codecs, schema metadata,
/// fetch descriptors) are shared by every thread. They are `@unchecked Sendable` on the
/// ground that they are immutable once built; run under the thread sanitizer
/// (`Scripts/test.sh --sanitize`), this test catches a write to any of them while
/// another thread reads it.
@Suite("Concurrent use of model descriptions")
struct ConcurrentSchemaUseTests {
    @Test("eight tasks build, encode, fetch and filter the same models at once")
    func sharedDescriptions() async throws {
        let descriptor = FetchDescriptor<Defaults>(
            predicate: #Predicate { $0.count > 2 && $0.label != "skip" }, sortBy: [SortDescriptor(\.title)])
        let totals = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let container = try makeInMemoryContainer([Defaults.self])
                    let context = ModelContext(container)
                    for index in 0..<200 {
                        let model = Defaults(
                            title: "\(task)-\(index)", count: index % 7, pinned: index.isMultiple(of: 2))
                        model.tags = ["t\(index)"]
                        context.insert(model)
                    }
                    try context.save()
                    let fetched = try ModelContext(container).fetch(descriptor)
                    return fetched.reduce(0) { $0 + $1.count + $1.tags.count }
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(totals.count == 8)
        #expect(Set(totals).count == 1)
    }
}
