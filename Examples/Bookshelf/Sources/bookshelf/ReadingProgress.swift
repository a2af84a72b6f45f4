import OSLog
import SwiftData

/// The books read in this run, as an app's view model keeps them for a view to observe; each
/// change is logged as an app on Apple platforms logs it. `import SwiftData` brings
/// Observation, and `import OSLog` the `Logger`, on Linux as on Apple platforms.
@Observable
final class ReadingProgress {
    private(set) var titles: [String] = []
    @ObservationIgnored private let logger = Logger(subsystem: "org.example.bookshelf", category: "progress")

    /// Adds `title` to the books read, and logs it.
    func markRead(_ title: String) {
        titles.append(title)
        logger.info("Marked \(title, privacy: .public) read; \(self.titles.count) read in this run")
    }
}
