import Foundation
internal import GRDB

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

    /// `COLLATE osd_localized`: Foundation's `localizedCompare`, the order of
    /// `SortDescriptor(_:comparator: .localized)`.
    static let localizedCollationName = "osd_localized"

    private static let localizedCollation = DatabaseCollation(localizedCollationName) { lhs, rhs in
        lhs.localizedCompare(rhs)
    }

    /// `COLLATE osd_lexical`: Foundation's `compare(_:)`, the order of
    /// `SortDescriptor(_:comparator: .lexical)`.
    static let lexicalCollationName = "osd_lexical"

    private static let lexicalCollation = DatabaseCollation(lexicalCollationName) { lhs, rhs in
        lhs.compare(rhs)
    }

    /// `COLLATE osd_swift`: Swift's `<` and `==` of two strings, which compare their
    /// canonical forms (NFC) scalar by scalar, where SQLite's `BINARY` compares the bytes as
    /// stored: "e\u{301}" (NFD) sorts before "f" in bytes and after it in Swift. The order
    /// of a predicate's `<`, `<=`, `>` and `>=` on strings.
    static let swiftOrderCollationName = "osd_swift"

    private static let swiftOrder = DatabaseCollation(swiftOrderCollationName) { lhs, rhs in
        lhs == rhs ? .orderedSame : lhs < rhs ? .orderedAscending : .orderedDescending
    }

    /// `osd_character_count(text)`: Swift's `text.count`, in characters (grapheme
    /// clusters), not code points as SQLite's `length`. NULL stays NULL.
    static let characterCountName = "osd_character_count"

    private static let characterCount = DatabaseFunction(characterCountName, argumentCount: 1, pure: true) {
        values in
        String.fromDatabaseValue(values[0])?.count
    }

    /// `osd_canonically_equal(a, b)`: Swift's `a == b` of two strings, true for
    /// canonically equivalent ones ("\u{E9}" and "e\u{301}"). NULL when either is NULL.
    static let canonicallyEqualName = "osd_canonically_equal"

    private static let canonicallyEqual = DatabaseFunction(canonicallyEqualName, argumentCount: 2, pure: true) {
        values in
        guard let lhs = String.fromDatabaseValue(values[0]), let rhs = String.fromDatabaseValue(values[1]) else {
            return nil
        }
        return lhs == rhs
    }

    /// `osd_case_insensitive_compare(a, b)`: Foundation's `a.caseInsensitiveCompare(b)`,
    /// as `ComparisonResult`'s raw value (-1, 0, 1). NULL when either is NULL.
    static let caseInsensitiveCompareName = "osd_case_insensitive_compare"

    /// `osd_localized_compare(a, b)`: Foundation's `a.localizedCompare(b)`, as
    /// `ComparisonResult`'s raw value (-1, 0, 1). NULL when either is NULL.
    static let localizedCompareName = "osd_localized_compare"

    private static let caseInsensitiveCompare = comparison(caseInsensitiveCompareName) {
        $0.caseInsensitiveCompare($1)
    }

    private static let localizedCompare = comparison(localizedCompareName) { $0.localizedCompare($1) }

    private static func comparison(
        _ name: String, _ compare: @escaping @Sendable (String, String) -> ComparisonResult
    ) -> DatabaseFunction {
        DatabaseFunction(name, argumentCount: 2, pure: true) { values in
            guard let lhs = String.fromDatabaseValue(values[0]), let rhs = String.fromDatabaseValue(values[1]) else {
                return nil
            }
            return compare(lhs, rhs).rawValue
        }
    }

    /// `osd_contains(text, part)`: Swift's `text.contains(part)` in a predicate, over
    /// characters: canonically equivalent forms match ("caf\u{E9}" contains "e\u{301}"),
    /// and part of a character does not ("e\u{301}" does not contain "e"). NULL when either
    /// is NULL.
    static let containsName = "osd_contains"

    /// `osd_starts_with(text, prefix)`: Swift's `text.starts(with: prefix)` in a predicate,
    /// over characters as ``containsName``. NULL when either is NULL.
    static let startsWithName = "osd_starts_with"

    private static let contains = characterSearch(containsName) { text, part in
        (try? PredicateExpressions.CollectionContainsCollection(
            base: PredicateExpressions.Value(text), other: PredicateExpressions.Value(part)
        ).evaluate(PredicateBindings())) ?? false
    }

    private static let startsWith = characterSearch(startsWithName) { text, prefix in
        (try? PredicateExpressions.SequenceStartsWith(
            base: PredicateExpressions.Value(text), prefix: PredicateExpressions.Value(prefix)
        ).evaluate(PredicateBindings())) ?? false
    }

    /// A function of two strings that compares characters, as Swift does. Strings of ASCII
    /// characters other than a carriage return, each of whose bytes is a character, are
    /// compared by their bytes; others by the predicate expression itself, so that SQL
    /// answers what the same predicate evaluated in memory answers.
    private static func characterSearch(
        _ name: String, _ search: @escaping @Sendable (String, String) -> Bool
    ) -> DatabaseFunction {
        let isContains = name == containsName
        return DatabaseFunction(name, argumentCount: 2, pure: true) { values in
            guard let text = String.fromDatabaseValue(values[0]), let part = String.fromDatabaseValue(values[1]) else {
                return nil
            }
            if isOneByteCharacters(text), isOneByteCharacters(part) {
                return isContains ? text.utf8.firstRange(of: part.utf8) != nil : text.utf8.starts(with: part.utf8)
            }
            return search(text, part)
        }
    }

    /// Whether each byte of the string is a character of its own: ASCII without "\r"
    /// (which forms one character with a "\n" after it).
    private static func isOneByteCharacters(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// Adds the functions and collations to a connection.
    static func register(in db: Database) {
        db.add(function: fold)
        db.add(function: caseInsensitiveCompare)
        db.add(function: localizedCompare)
        db.add(function: characterCount)
        db.add(function: canonicallyEqual)
        db.add(function: contains)
        db.add(function: startsWith)
        db.add(collation: localizedStandard)
        db.add(collation: localizedCollation)
        db.add(collation: lexicalCollation)
        db.add(collation: swiftOrder)
    }
}
