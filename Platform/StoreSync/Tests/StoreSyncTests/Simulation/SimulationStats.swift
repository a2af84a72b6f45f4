/// What the simulation did, summed over schedules: the line a README can quote.
struct SimulationStats {
    var schedules = 0
    var steps = 0
    var syncs = 0
    var cutOff = 0
    /// Syncs killed with SIGKILL inside the sync (``KilledSync``), and those that finished
    /// before their kill.
    var killed = 0
    var finishedBeforeKill = 0
    /// Syncs of a store by a second process while this one edited and synced it too.
    var secondProcess = 0
    /// Of those, the steps whose save or sync failed for the other process: SQLite's
    /// "database is locked", PostgreSQL's "deadlock detected".
    var failedForTheOther = 0
    var interrupted = 0
    var restarts = 0
    /// Stores put back from a backup.
    var restores = 0
    /// The server's database put back from a dump (`pg_restore`).
    var serverRestores = 0
    /// Syncs during which their machine saved an edit (between the push and the pull).
    var editedDuring = 0
    /// Memos put on a shelf or taken off (a to-many set).
    var shelved = 0
    /// Records no honest release writes, put on the server (``HostileRecord``).
    var hostile = 0
    /// Syncs with a retention passed (``SimulationStep/retentionExpiry(machine:)``), the
    /// tombstones they removed, and the syncs that began behind the removed tombstones.
    var retentionExpiries = 0
    var compacted = 0
    var behindHorizon = 0
    /// Entries whose winner the causal order decides, and entries left to the clocks.
    var decided = 0
    var concurrent = 0
    var diverged = 0
    /// Entries removed for good that were present at the end (each also a divergence).
    var resurrected = 0
    /// Entries removed that came back as the Limits article says they may: added by a push
    /// cut off before it was noted, whose machine was then away past the retention.
    var cameBack = 0
    /// Records the syncs' digest checks compared, and those they found different from the
    /// server's and repaired: each repair is a divergence the engine let happen.
    var checked = 0
    var repaired = 0
    /// Records whose field versions, as each store noted them, were compared with the
    /// server's at the end of a schedule.
    var versionsCompared = 0

    mutating func add(_ other: SimulationStats) {
        schedules += other.schedules
        steps += other.steps
        syncs += other.syncs
        cutOff += other.cutOff
        killed += other.killed
        finishedBeforeKill += other.finishedBeforeKill
        secondProcess += other.secondProcess
        failedForTheOther += other.failedForTheOther
        interrupted += other.interrupted
        restarts += other.restarts
        restores += other.restores
        serverRestores += other.serverRestores
        editedDuring += other.editedDuring
        shelved += other.shelved
        hostile += other.hostile
        retentionExpiries += other.retentionExpiries
        compacted += other.compacted
        behindHorizon += other.behindHorizon
        decided += other.decided
        concurrent += other.concurrent
        diverged += other.diverged
        resurrected += other.resurrected
        cameBack += other.cameBack
        checked += other.checked
        repaired += other.repaired
        versionsCompared += other.versionsCompared
    }

    var summary: String {
        "sync simulation: \(schedules) schedules, \(steps) steps, \(syncs) syncs "
            + "(\(cutOff) cut off after their push, \(killed) killed with SIGKILL inside the sync "
            + "(\(finishedBeforeKill) more finished before their kill), "
            + "\(secondProcess) by a second process while the first edited and synced "
            + "(\(failedForTheOther) with a save or a sync failed for the other: database locked, deadlock), "
            + "\(interrupted) cut by the server, \(editedDuring) with an edit saved while in flight), "
            + "\(restarts) server restarts, \(serverRestores) server databases put back from a dump, "
            + "\(restores) stores put back from a backup, "
            + "\(shelved) memos put on a shelf or taken off, \(hostile) hostile records put on the server, "
            + "\(retentionExpiries) syncs after the tombstone retention passed (\(compacted) tombstones removed, "
            + "\(behindHorizon) syncs that began behind them); "
            + "\(decided) entries won by the edit made after the others, \(concurrent) by one of concurrent edits; "
            + "\(checked) records compared by digest checks, \(repaired) repaired; "
            + "\(versionsCompared) records' field versions compared with the server's at the end; \(diverged) diverged, \(resurrected) resurrected (and \(cameBack) back by the Limits' unnoted push)"
    }
}
