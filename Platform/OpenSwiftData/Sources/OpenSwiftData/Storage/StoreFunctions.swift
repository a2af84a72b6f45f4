import Foundation
import GRDB

/// SQL functions and collations every connection of a store has, for predicates and
/// sort orders that SQLite's own cannot express.
enum StoreFunctions {
    /// `osd_fold(text)`: the text without case and diacritics (Foundation's folding,
    /// locale-independent), so that `localizedStandardContains` is a substring test of
    /// two folded strings. NULL stays NULL.
    static let foldName = "osd_fold"

    private static let fold = DatabaseFunction(foldName, argumentCount: 1, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]) else { return nil }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// `COLLATE osd_localized_standard`: Foundation's `localizedStandardCompare`, the
    /// order of a `SortDescriptor` on a string as Apple platforms apply it.
    static let localizedStandardCollationName = "osd_localized_standard"

    private static let localizedStandard = DatabaseCollation(localizedStandardCollationName) { lhs, rhs in
        lhs.localizedStandardCompare(rhs)
    }

    /// Adds the functions and collations to a connection.
    static func register(in db: Database) {
        db.add(function: fold)
        db.add(collation: localizedStandard)
    }
}
