import SwiftData

@testable import OpenSwiftData

/// Whether a fetch with `predicate` is answered by SQL alone, with no part of the
/// predicate evaluated in memory: what the porting tests check of a predicate form that
/// the fetch translates.
func isAnsweredBySQL<T: PersistentModel>(_ predicate: Predicate<T>, in context: ModelContext) throws -> Bool {
    let plan = try context.core.fetchPlan(for: FetchDescriptor(predicate: predicate), includingPending: false)
    return plan.isAnsweredBySQL
}
