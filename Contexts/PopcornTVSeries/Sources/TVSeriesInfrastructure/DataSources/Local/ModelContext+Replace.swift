import Foundation
import OpenSwiftData

extension ModelContext {
    /// The first model the descriptor fetches, if any.
    func fetchFirst<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> T? {
        var descriptor = descriptor
        descriptor.fetchLimit = 1
        return try fetch(descriptor).first
    }

    /// Deletes the models the descriptor fetches (and, by cascade, their parts) and
    /// inserts the new one, in one save; on failure nothing is saved.
    func replace<T: PersistentModel>(_ existing: FetchDescriptor<T>, with entity: T) throws {
        do {
            for old in try fetch(existing) {
                delete(old)
            }
            insert(entity)
            try save()
        } catch {
            rollback()
            throw error
        }
    }
}
