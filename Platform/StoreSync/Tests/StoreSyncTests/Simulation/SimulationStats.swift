/// What the simulation did, summed over schedules: the line a README can quote.
struct SimulationStats {
    var schedules = 0
    var steps = 0
    var syncs = 0
    var cutOff = 0
    var killed = 0
    var interrupted = 0
    var restarts = 0
    var diverged = 0

    var summary: String {
        "sync simulation: \(schedules) schedules, \(steps) steps, \(syncs) syncs "
            + "(\(cutOff) cut off after their push, \(killed) killed with SIGKILL, "
            + "\(interrupted) cut by the server), \(restarts) server restarts, \(diverged) diverged"
    }
}
