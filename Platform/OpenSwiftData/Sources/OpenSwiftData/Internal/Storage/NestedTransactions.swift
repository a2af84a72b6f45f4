internal import GRDB

/// Writes to several stores, each in a transaction of its own, as safely as SQLite
/// allows without a transaction spanning files.
///
/// The transactions are nested: the first store's is open while the second's runs, and
/// so on, and each commits only when everything inside it succeeded, the last store
/// first. So an error in any store's work (a constraint, a full disk, a read-only file)
/// rolls every store back. What is left is the commits themselves: if a commit fails
/// after the stores after it committed (the disk fills between two commits), those
/// stores keep their changes and the others do not, and the outcome says which. Stores
/// are always entered in the same order, so two writers cannot deadlock.
enum NestedTransactions {
    /// What happened: the result of each store's work if its transaction committed,
    /// and the error that stopped the others, if any.
    struct Outcome<Result> {
        /// By store position; nil for a store whose transaction did not commit.
        let committed: [Result?]
        let error: SwiftDataError?

        /// The results, all of them committed, or the error.
        func get() throws(SwiftDataError) -> [Result] {
            if let error { throw error }
            return committed.compactMap(\.self)
        }
    }

    /// Runs `work(i, db)` for every `i` in `0..<count`, inside `transaction(i)`. An
    /// error is reported for the store it happened in, named by `path(i)`.
    static func run<Result>(
        count: Int,
        path: (Int) -> String,
        transaction: (Int, (Database) throws -> Void) throws -> Void,
        work: (Int, Database) throws -> Result
    ) -> Outcome<Result> {
        // Each store's transaction runs the next one's inside it, so the closures are
        // passed into calls of one another; none is kept beyond this call.
        withoutActuallyEscaping(path) { path in
            withoutActuallyEscaping(transaction) { transaction in
                withoutActuallyEscaping(work) { work in
                    var results = [Result?](repeating: nil, count: count)
                    var didCommit = [Bool](repeating: false, count: count)
                    func step(_ index: Int) throws {
                        guard index < count else { return }
                        do {
                            try transaction(index) { db in
                                results[index] = try work(index, db)
                                try step(index + 1)
                            }
                        } catch {
                            throw SQLiteErrors.swiftDataError(error, path: path(index))
                        }
                        didCommit[index] = true
                    }
                    var failure: SwiftDataError?
                    do {
                        try step(0)
                    } catch {
                        failure = SQLiteErrors.swiftDataError(error, path: nil)
                    }
                    return Outcome(
                        committed: results.indices.map { didCommit[$0] ? results[$0] : nil }, error: failure)
                }
            }
        }
    }
}
