import Foundation

// The string comparisons SwiftData apps write in `#Predicate` that Linux's Foundation
// does not provide: `#Predicate` expands `$0.title.localizedStandardContains(query)` to
// `PredicateExpressions.build_localizedStandardContains(…)`, which exists in Apple's
// Foundation only. These declare the `build_…` functions Apple's does, with its meaning; a fetch translates
// `localizedStandardContains` to SQL (``StoreFunctions``) and evaluates the comparisons in
// memory.

extension PredicateExpressions {
    /// `root.localizedStandardContains(other)`: whether `other` occurs in `root`, ignoring
    /// case and diacritics, as Foundation's `localizedStandardContains`.
    @_documentation(visibility: internal)
    public struct StringLocalizedStandardContains<Root: PredicateExpression, Other: PredicateExpression>:
        PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        public typealias Output = Bool

        public let root: Root
        public let other: Other

        /// Whether `other` occurs in `root`.
        ///
        /// - Parameters:
        ///   - root: The string searched.
        ///   - other: The string searched for.
        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        /// Whether the value of `other` occurs in the value of `root`, ignoring case and
        /// diacritics.
        ///
        /// - Parameter bindings: The values of the predicate's variables.
        /// - Throws: What evaluating `root` or `other` throws.
        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            try root.evaluate(bindings).localizedStandardContains(other.evaluate(bindings))
        }
    }

    /// `root.caseInsensitiveCompare(other)` or `root.localizedCompare(other)`, as
    /// Foundation's.
    @_documentation(visibility: internal)
    public struct StringComparison<Root: PredicateExpression, Other: PredicateExpression>: PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        public typealias Output = ComparisonResult

        /// Which of Foundation's comparisons.
        public enum Method: String, Codable, Sendable {
            case caseInsensitive
            case localized
        }

        public let root: Root
        public let other: Other
        public let method: Method

        /// The comparison of `root` with `other` by `method`.
        ///
        /// - Parameters:
        ///   - root: The string compared.
        ///   - other: The string it is compared with.
        ///   - method: Which of Foundation's comparisons.
        public init(root: Root, other: Other, method: Method) {
            self.root = root
            self.other = other
            self.method = method
        }

        /// The order of the value of `root` and the value of `other`, by ``method``.
        ///
        /// - Parameter bindings: The values of the predicate's variables.
        /// - Throws: What evaluating `root` or `other` throws.
        public func evaluate(_ bindings: PredicateBindings) throws -> ComparisonResult {
            let (left, right) = (try root.evaluate(bindings), try other.evaluate(bindings))
            switch method {
            case .caseInsensitive: return left.caseInsensitiveCompare(right)
            case .localized: return left.localizedCompare(right)
            }
        }
    }

    /// What `#Predicate` expands `root.localizedStandardContains(other)` to.
    ///
    /// - Parameters:
    ///   - root: The string searched.
    ///   - other: The string searched for.
    @_documentation(visibility: internal)
    public static func build_localizedStandardContains<Root, Other>(_ root: Root, _ other: Other)
        -> StringLocalizedStandardContains<Root, Other>
    {
        StringLocalizedStandardContains(root: root, other: other)
    }

    /// What `#Predicate` expands `root.caseInsensitiveCompare(other)` to.
    ///
    /// - Parameters:
    ///   - root: The string compared.
    ///   - other: The string it is compared with.
    @_documentation(visibility: internal)
    public static func build_caseInsensitiveCompare<Root, Other>(_ root: Root, _ other: Other)
        -> StringComparison<Root, Other>
    {
        StringComparison(root: root, other: other, method: .caseInsensitive)
    }

    /// What `#Predicate` expands `root.localizedCompare(other)` to.
    ///
    /// - Parameters:
    ///   - root: The string compared.
    ///   - other: The string it is compared with.
    @_documentation(visibility: internal)
    public static func build_localizedCompare<Root, Other>(_ root: Root, _ other: Other)
        -> StringComparison<Root, Other>
    {
        StringComparison(root: root, other: other, method: .localized)
    }
}

// `#Predicate` builds `Predicate`s of standard expressions (Codable and Sendable).

extension PredicateExpressions.StringLocalizedStandardContains: Sendable where Root: Sendable, Other: Sendable {}
extension PredicateExpressions.StringComparison: Sendable where Root: Sendable, Other: Sendable {}

extension PredicateExpressions.StringLocalizedStandardContains: Codable where Root: Codable, Other: Codable {}
extension PredicateExpressions.StringComparison: Codable where Root: Codable, Other: Codable {}

extension PredicateExpressions.StringLocalizedStandardContains: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}
extension PredicateExpressions.StringComparison: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}

extension PredicateExpressions.StringLocalizedStandardContains: SQLTranslatableExpression {
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        // Both sides folded (case and diacritics) by the store's `osd_fold`; an empty
        // query is in no string, as in Foundation.
        guard let (base, needle) = translator.stringOperands(root, other) else { return nil }
        let fold = StoreFunctions.foldName
        return SQLCondition(
            fragment: SQLFragment(
                "(\(needle.sql) <> '' AND instr(\(fold)(\(base.sql)), \(fold)(\(needle.sql))) > 0)",
                needle.arguments + base.arguments + needle.arguments),
            isExact: true
        )
    }
}

extension PredicateExpressions.StringComparison: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        // `ComparisonResult`'s raw value, compared as any stored enum with the constant
        // it is compared to (`== .orderedSame`).
        guard case .column(_, _, let isOptional)? = translator.operand(root),
            let (lhs, rhs) = translator.stringOperands(root, other),
            let codec = AttributeCodec.make(for: ComparisonResult.self)
        else { return nil }
        let function =
            switch method {
            case .caseInsensitive: StoreFunctions.caseInsensitiveCompareName
            case .localized: StoreFunctions.localizedCompareName
            }
        return .column(
            SQLFragment("\(function)(\(lhs.sql), \(rhs.sql))", lhs.arguments + rhs.arguments), codec,
            isOptional: isOptional)
    }
}
