import Foundation

// `Codable` attributes are stored as JSON text (``AttributeCodec``): their fields are read
// in SQL with `json_extract`, and the elements of stored arrays with `json_each`.

extension PredicateTranslator {
    /// `$0.release.year`: a number, string or boolean field of a `Codable` struct
    /// attribute, read from its JSON by the field's name, when the type's decoding reads
    /// that key (``JSONKeyProbe``).
    func jsonField(_ keyPath: AnyKeyPath, of sql: SQLFragment, rootType: Any.Type, as outputType: Any.Type)
        -> PredicateOperand?
    {
        let description = String(describing: keyPath).replacingOccurrences(of: "?", with: "")
        let root = "\\" + String(describing: rootType)
        guard description.hasPrefix(root), let path = JSONFieldPath(Substring(description).dropFirst(root.count)),
            JSONFieldPath.isScalar(outputType), JSONKeyProbe.reads(path.names, in: rootType),
            let codec = AttributeCodec.make(for: outputType)
        else { return nil }
        return .column(
            SQLFragment("json_extract(\(sql.sql), '\(path.text)')", sql.arguments), codec, isOptional: true)
    }

    /// `$0.scores.count` and `$0.scores.isEmpty` of a stored array.
    func jsonArrayMember(_ keyPath: AnyKeyPath, of sql: SQLFragment, rootType: Any.Type) -> PredicateOperand? {
        guard let arrayType = rootType as? any _ArrayMarker.Type else { return nil }
        let length = SQLFragment("json_array_length(\(sql.sql))", sql.arguments)
        if keyPath == arrayType._countKeyPath, let codec = AttributeCodec.make(for: Int.self) {
            return .column(length, codec, isOptional: true)
        }
        if keyPath == arrayType._isEmptyKeyPath {
            return .boolean(SQLCondition(fragment: SQLFragment("(\(length.sql) = 0)", length.arguments), isExact: true))
        }
        return nil
    }

    /// `$0.scores.max()` and `min()` of a stored array of numbers: NULL (nil) when it is
    /// empty, as Swift's.
    func jsonArrayExtreme(_ elements: Any, function: String, elementType: Any.Type, outputType: Any.Type)
        -> PredicateOperand?
    {
        let numbers: [Any.Type] = [Int.self, Int64.self, Int32.self, Int16.self, Int8.self, Double.self]
        guard numbers.contains(where: { $0 == elementType }),
            case .column(let sql, let stored, _)? = operand(elements), stored.isJSON,
            let codec = AttributeCodec.make(for: outputType)
        else { return nil }
        return .column(
            SQLFragment("(SELECT \(function)(json_each.value) FROM json_each(\(sql.sql)))", sql.arguments), codec,
            isOptional: true)
    }
}

extension PredicateExpressions.SequenceMaximum: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        translator.jsonArrayExtreme(
            elements, function: "MAX", elementType: Elements.Output.Element.self, outputType: Output.self)
    }
}

extension PredicateExpressions.SequenceMinimum: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        translator.jsonArrayExtreme(
            elements, function: "MIN", elementType: Elements.Output.Element.self, outputType: Output.self)
    }
}
