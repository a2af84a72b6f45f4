import Foundation
import OpenSwiftData

/// A watchlist entry as the tests' machines hold it, whichever release they run
/// (``Machine/Release``): what the machines' watchlist methods read and write.
protocol WatchlistEntryModel: PersistentModel {
    var movieID: Int? { get }
    var createdAt: Date? { get set }
    var note: String? { get set }
    /// A newer release's attribute: always nil in this release's model.
    var rating: Int? { get set }
    init(movieID: Int, createdAt: Date, note: String?)
}

extension WatchedMovie: WatchlistEntryModel {
    var rating: Int? {
        get { nil }
        set { precondition(newValue == nil, "this release's watchlist entry has no rating") }
    }
}

/// The models of a newer release of the tests' program, which machines running this
/// release sync with: its watchlist entry has an attribute more, `rating`, that this
/// release's machines do not know, and must keep on the server when they write the entry.
enum NewerRelease {
    /// The entity `WatchedMovie` (the class's name, without its namespace), with `rating`.
    @Model
    final class WatchedMovie: WatchlistEntryModel {
        var movieID: Int?
        var createdAt: Date?
        var note: String?
        var rating: Int?

        init(movieID: Int, createdAt: Date, note: String?) {
            self.movieID = movieID
            self.createdAt = createdAt
            self.note = note
        }
    }
}
