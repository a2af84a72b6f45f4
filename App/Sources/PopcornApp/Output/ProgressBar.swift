import Foundation
import OpenSwiftData
import Synchronization

/// A one-line progress bar on standard error while a migration runs, when standard
/// error is a terminal; silent otherwise.
final class ProgressBar: Sendable {
    private let label: String
    private let isTerminal = TerminalWidth.standardErrorIsTerminal
    private let drawn = Mutex(false)

    init(label: String) {
        self.label = label
    }

    var observe: MigrationObserver {
        { [self] progress in draw(progress) }
    }

    private func draw(_ progress: MigrationProgress) {
        guard isTerminal, progress.stageCount > 0 else { return }
        let width = 20
        let filled = width * max(0, progress.stageNumber - 1) / progress.stageCount
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let line = "\r\(label) [\(bar)] \(progress.description)"
        FileHandle.standardError.write(Data(line.prefix(TerminalWidth.current).utf8))
        drawn.withLock { $0 = true }
    }

    func finish() {
        if drawn.withLock({ $0 }) { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
