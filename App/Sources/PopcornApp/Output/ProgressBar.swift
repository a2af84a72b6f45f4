import Foundation
import OpenSwiftData
import Synchronization

/// A one-line progress bar on standard error while a migration runs, when standard
/// error is a terminal; silent otherwise.
///
///     watchlist [######              ] stage 1/1 didMigrate, 15000 rows
final class ProgressBar: Sendable {
    static let width = 20

    private let label: String
    private let storeRows: Int
    private let isTerminal = TerminalWidth.standardErrorIsTerminal
    private let drawn = Mutex(false)

    /// - Parameters:
    ///   - label: The store's short name.
    ///   - storeRows: The store's rows before the migration, to fill the bar while custom
    ///     code works through them; 0 when unknown.
    init(label: String, storeRows: Int = 0) {
        self.label = label
        self.storeRows = storeRows
    }

    var observe: MigrationObserver {
        { [self] progress in draw(progress) }
    }

    private func draw(_ progress: MigrationProgress) {
        guard isTerminal, progress.stageCount > 0 else { return }
        // Cut to the terminal's width (short of the last column, which would wrap), and
        // clear what a longer line drawn before left to the right.
        let line = Self.line(label: label, progress: progress, storeRows: storeRows)
            .prefix(TerminalWidth.current - 1)
        FileHandle.standardError.write(Data("\r\(line)\u{1B}[K".utf8))
        drawn.withLock { $0 = true }
    }

    func finish() {
        if drawn.withLock({ $0 }) { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    /// The text of the bar, without the carriage return and control sequences.
    static func line(label: String, progress: MigrationProgress, storeRows: Int) -> String {
        let filled = min(width, Int(Double(width) * fraction(of: progress, storeRows: storeRows)))
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        var status = "stage \(progress.stageNumber)/\(progress.stageCount) \(progress.phase.rawValue)"
        if progress.rowsDone > 0 { status += ", \(progress.rowsDone) rows" }
        return "\(label) [\(bar)] \(status)"
    }

    /// How much of the migration is done: the stages before this one, and within this
    /// one the rows its custom code has written out of the store's rows. That is an
    /// estimate (custom code may write a row twice, or insert rows), so it stops short of
    /// the stage's end until the stage is verified.
    static func fraction(of progress: MigrationProgress, storeRows: Int) -> Double {
        guard progress.stageCount > 0 else { return 0 }
        let stageDone: Double
        switch progress.phase {
        case .verifying, .finished:
            stageDone = 1
        case .willMigrate, .didMigrate:
            stageDone = storeRows > 0 ? min(0.95, Double(progress.rowsDone) / Double(storeRows)) : 0
        case .backingUp, .changingShape:
            stageDone = 0
        }
        return (Double(max(0, progress.stageNumber - 1)) + stageDone) / Double(progress.stageCount)
    }
}
