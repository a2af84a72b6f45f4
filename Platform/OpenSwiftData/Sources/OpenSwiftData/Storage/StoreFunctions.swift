import Foundation
import GRDB

/// SQL functions every connection of a store has, for predicates that SQLite's own
/// functions cannot express.
enum StoreFunctions {
    /// `osd_fold(text)`: the text without case and diacritics (Foundation's folding,
    /// locale-independent), so that `localizedStandardContains` is a substring test of
    /// two folded strings. NULL stays NULL.
    static let foldName = "osd_fold"

    private static let fold = DatabaseFunction(foldName, argumentCount: 1, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]) else { return nil }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Adds the functions to a connection.
    static func register(in db: Database) {
        db.add(function: fold)
    }
}
