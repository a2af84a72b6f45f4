/// Makes a failing sequence short: removes runs of steps, halving their length, while
/// the sequence still fails, then single steps, until no removal keeps it failing.
enum SequenceShrinker {
    struct Shrunk {
        var operations: [GeneratedOperation]
        var failure: String
    }

    /// The shortest sequence found that still fails, each run on a store `store` makes (a
    /// SQLite store of its own by default).
    static func shrink(
        _ operations: [GeneratedOperation], on store: () throws -> any SequenceStore = { SQLiteSequenceStore() }
    ) -> Shrunk {
        func failureOf(_ operations: [GeneratedOperation]) -> String? { Self.failureOf(operations, on: store) }
        var current = operations
        var failure = failureOf(current) ?? "did not fail again"
        var chunk = max(1, current.count / 2)
        // Each pass tries every run of `chunk` steps; a removal that still fails is kept.
        while chunk >= 1 {
            var start = 0
            var removedAny = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, current.count))
                if let candidateFailure = failureOf(candidate) {
                    current = candidate
                    failure = candidateFailure
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return Shrunk(operations: current, failure: failure)
    }

    /// How the sequence fails: a difference from the reference, or a container that
    /// outlives the run (something keeps it, and its connections, alive).
    private static func failureOf(_ operations: [GeneratedOperation], on store: () throws -> any SequenceStore)
        -> String?
    {
        do {
            return try SequenceRunner.runLettingGo(operations, on: try store()) == nil
                ? "the sequence's container outlived its run" : nil
        } catch {
            return "\(error)"
        }
    }
}
