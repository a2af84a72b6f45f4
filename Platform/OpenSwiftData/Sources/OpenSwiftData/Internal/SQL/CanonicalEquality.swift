import Foundation
internal import GRDB

/// `$0.name == query` with Swift's `==`, which holds between canonically equivalent
/// strings: "é" written as U+00E9 equals "e" followed by U+0301. SQLite's `=` compares
/// bytes, and the store keeps each string as the app wrote it.
///
/// A string of ASCII characters other than `K`, `;` and `` ` `` is equivalent to itself
/// alone (those three are also spelled by one other code point each, the Kelvin sign,
/// the Greek question mark and the Greek varia), so the plain `=` is exact and uses the
/// column's index. Any other string is compared with the store's
/// `osd_canonically_equal`, which applies Swift's `==`; the ASCII characters the string
/// starts with, which every equivalent string starts with too, bound a range of the
/// index first.
enum CanonicalEquality {
    /// Whether `text` is equivalent to no other string.
    static func isCanonicallyUnique(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && !singletonTargets.contains($0) }
    }

    /// `K`, `;` and `` ` ``: the ASCII characters that are the canonical decomposition
    /// of another code point (U+212A, U+037E, U+1FEF).
    private static let singletonTargets: Set<UInt8> = [0x4B, 0x3B, 0x60]

    /// The SQL that is true when the text at `sql` equals `text` as Swift's `==` says.
    static func condition(_ sql: SQLFragment, equals text: String) -> SQLFragment {
        if isCanonicallyUnique(text) {
            return SQLFragment("(\(sql.sql) = ?)", sql.arguments + [text.databaseValue])
        }
        let function = StoreFunctions.canonicallyEqualName
        let test = SQLFragment("\(function)(\(sql.sql), ?)", sql.arguments + [text.databaseValue])
        guard let (lower, upper) = prefixRange(of: text) else { return test }
        return SQLFragment(
            "(\(sql.sql) >= ? AND \(sql.sql) < ? AND \(test.sql))",
            sql.arguments + [lower.databaseValue] + sql.arguments + [upper.databaseValue] + test.arguments)
    }

    /// The strings that start with the longest prefix of `text` that every string
    /// equivalent to it starts with: its canonically unique ASCII characters each
    /// followed by an ASCII character (a combining mark may follow the last ASCII one).
    static func prefixRange(of text: String) -> (lower: String, upper: String)? {
        let bytes = Array(text.utf8)
        var length = 0
        while length + 1 < bytes.count, bytes[length] < 0x80, !singletonTargets.contains(bytes[length]),
            bytes[length + 1] < 0x80
        {
            length += 1
        }
        // A prefix ending in DEL has no next character to bound it.
        guard length > 0, bytes[length - 1] < 0x7F else { return nil }
        let prefix = Array(bytes[..<length])
        let upper = prefix.dropLast() + [prefix[length - 1] + 1]
        return (String(decoding: prefix, as: UTF8.self), String(decoding: upper, as: UTF8.self))
    }
}

extension PredicateTranslator {
    /// `names.contains($0.name)` of strings: `IN` for the canonically unique ones, Swift's
    /// `==` for the others, `IS NULL` for a `nil` among them. The result is never NULL, so
    /// that `!` selects what the list does not hold.
    func canonicalMembership(_ sql: SQLFragment, isOptional: Bool, in elements: [Any]) -> SQLCondition? {
        var unique: [DatabaseValue] = []
        var terms: [SQLFragment] = []
        var holdsNil = false
        for element in elements {
            guard let unwrapped = Self.unwrap(element) else {
                holdsNil = true
                continue
            }
            guard let text = unwrapped as? String else { return nil }
            if CanonicalEquality.isCanonicallyUnique(text) {
                unique.append(text.databaseValue)
            } else {
                terms.append(CanonicalEquality.condition(sql, equals: text))
            }
        }
        if !unique.isEmpty {
            let placeholders = Array(repeating: "?", count: unique.count).joined(separator: ", ")
            terms.insert(SQLFragment("(\(sql.sql) IN (\(placeholders)))", sql.arguments + unique), at: 0)
        }
        var any = SQLFragment(
            terms.isEmpty ? "0" : "(" + terms.map(\.sql).joined(separator: " OR ") + ")", terms.flatMap(\.arguments))
        if isOptional, !terms.isEmpty {
            any = SQLFragment("(\(sql.sql) IS NOT NULL AND \(any.sql))", sql.arguments + any.arguments)
        }
        if holdsNil {
            any = SQLFragment("(\(any.sql) OR \(sql.sql) IS NULL)", any.arguments + sql.arguments)
        }
        return SQLCondition(fragment: any, isExact: true)
    }
}

extension String {
    /// Whether no other string is equal to this one under Swift's `==` (canonical
    /// equivalence): a store on another engine then compares it with the stored bytes, which
    /// an index answers (OpenSwiftDataPostgres).
    package var hasNoCanonicalEquivalent: Bool { CanonicalEquality.isCanonicallyUnique(self) }
}
