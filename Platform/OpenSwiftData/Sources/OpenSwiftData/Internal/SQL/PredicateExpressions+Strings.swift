import Foundation

// `String` members a predicate reads of a stored string, in SQL with Swift's meaning.

extension PredicateTranslator {
    /// `$0.title.count` (characters, as Swift counts them: the store's
    /// `osd_character_count`) and `$0.title.isEmpty`; nil for other key paths.
    func stringMember(_ keyPath: AnyKeyPath, of sql: SQLFragment, codec: AttributeCodec) -> PredicateOperand? {
        guard codec.storageType == .text, !codec.isJSON else { return nil }
        if keyPath == \String.count, let intCodec = AttributeCodec.make(for: Int.self) {
            return .column(
                SQLFragment("\(StoreFunctions.characterCountName)(\(sql.sql))", sql.arguments), intCodec,
                isOptional: true)
        }
        if keyPath == \String.isEmpty {
            return .boolean(SQLCondition(fragment: SQLFragment("(\(sql.sql) = '')", sql.arguments), isExact: true))
        }
        return nil
    }
}
