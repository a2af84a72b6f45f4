import SwiftDiagnostics
import SwiftSyntax

/// Where a persisted property sits among the members of its class, `#if` blocks included.
enum MemberLayout {
    /// A persisted property: its index in ``ModelAnalysis/properties``.
    case property(Int)
    /// An `#if` block that declares persisted properties in some clause.
    case conditional(ConditionalBlock)
}

/// An `#if` block of a `@Model` class that declares persisted properties. A macro cannot
/// tell which clause is active, so the generated code repeats the block's conditions:
/// the class's `_$conditionalCount_<Class>(id)` is the number of persisted properties of the
/// block's active clause, and every property after the block is numbered after them.
struct ConditionalBlock {
    /// One clause: its directive as written (`#if os(Linux)`, `#elseif DEBUG`, `#else`)
    /// and its members.
    struct Clause {
        let directive: String
        let items: [MemberLayout]
    }

    /// Numbers the blocks of a class in declaration order, nested ones after their parent.
    let id: Int
    let clauses: [Clause]

}

/// The position of a persisted property among the active persisted properties of its
/// class: a number of properties declared before it outside `#if` blocks, plus the
/// counts of the blocks before it (their ``ConditionalBlock/id``s).
struct PropertyPosition: Equatable {
    var literal = 0
    var counts: [Int] = []

    /// The position as an expression in the class named `className`.
    func expression(in className: String) -> String {
        ([String(literal)] + counts.map { "\(className)._$conditionalCount_\(className)(\($0))" }).joined(
            separator: " + ")
    }
}

/// Reads the `#if` blocks among the members of a `@Model` class.
enum ConditionalMembers {
    /// The layout of `ifConfig`, adding its persisted properties to `properties` and the
    /// problems it has to `diagnostics`; `nil` when no clause declares a persisted
    /// property. `nextID` numbers the blocks.
    static func layout(
        of ifConfig: IfConfigDeclSyntax,
        properties: inout [PersistedPropertyInfo],
        diagnostics: inout [Diagnostic],
        nextID: inout Int
    ) -> ConditionalBlock? {
        let id = nextID
        nextID += 1
        var clauses: [ConditionalBlock.Clause] = []
        var declaresProperties = false
        for clause in ifConfig.clauses {
            let directive = [clause.poundKeyword.text, clause.condition?.trimmedDescription]
                .compactMap { $0 }.joined(separator: " ")
            var items: [MemberLayout] = []
            if case .decls(let members) = clause.elements {
                for member in members {
                    if let variable = member.decl.as(VariableDeclSyntax.self) {
                        switch PropertyClassifier.classify(variable) {
                        case .ignored: break
                        case .invalid(let diagnostic): diagnostics.append(diagnostic)
                        case .persisted(var property):
                            property.isConditional = true
                            items.append(.property(properties.count))
                            properties.append(property)
                        }
                    } else if let nested = member.decl.as(IfConfigDeclSyntax.self),
                        let block = layout(
                            of: nested, properties: &properties, diagnostics: &diagnostics, nextID: &nextID)
                    {
                        items.append(.conditional(block))
                    }
                }
            }
            declaresProperties = declaresProperties || !items.isEmpty
            clauses.append(ConditionalBlock.Clause(directive: directive, items: items))
        }
        return declaresProperties ? ConditionalBlock(id: id, clauses: clauses) : nil
    }

    /// Gives each property of `items` its position, the first starting at `start`, and
    /// returns the position after them.
    static func assignPositions(
        _ items: [MemberLayout], from start: PropertyPosition, to properties: inout [PersistedPropertyInfo]
    ) -> PropertyPosition {
        var position = start
        for item in items {
            switch item {
            case .property(let index):
                properties[index].position = position
                position.literal += 1
            case .conditional(let block):
                for clause in block.clauses {
                    _ = assignPositions(clause.items, from: position, to: &properties)
                }
                position.counts.append(block.id)
            }
        }
        return position
    }

    /// `_$conditionalCount_<Class>(_:)`: the number of active persisted properties of each
    /// block, by its identifier; `nil` when the class has no such block.
    static func countFunction(of items: [MemberLayout], className: String) -> String? {
        let cases = countCases(of: items, className: className)
        guard !cases.isEmpty else { return nil }
        return
            "nonisolated private static func _$conditionalCount_\(className)(_ block: Int) -> Int {\n    switch block {\n"
            + cases.map { "    " + $0 }.joined(separator: "\n") + "\n    default:\n        return 0\n    }\n}"
    }

    /// The `case` of each block of `items`, nested blocks included, one line each.
    private static func countCases(of items: [MemberLayout], className: String) -> [String] {
        var result: [String] = []
        for case .conditional(let block) in items {
            var body: [String] = []
            var nested: [String] = []
            for clause in block.clauses {
                body += [clause.directive, "    return \(activeCount(of: clause.items).expression(in: className))"]
                nested += countCases(of: clause.items, className: className)
            }
            if block.clauses.last?.directive != "#else" {
                body += ["#else", "    return 0"]
            }
            body.append("#endif")
            result += ["case \(block.id):"] + body.map { "    " + $0 } + nested
        }
        return result
    }

    /// The number of active persisted properties `items` declare.
    private static func activeCount(of items: [MemberLayout]) -> PropertyPosition {
        var position = PropertyPosition()
        for item in items {
            switch item {
            case .property: position.literal += 1
            case .conditional(let block): position.counts.append(block.id)
            }
        }
        return position
    }

    /// Lines of code for the properties of `items`, in declaration order, inside the
    /// blocks' `#if` directives: `line` gives a property's lines (none to leave it out).
    /// A block whose clauses give no lines is left out.
    static func lines(
        for items: [MemberLayout], properties: [PersistedPropertyInfo], line: (PersistedPropertyInfo) -> [String]
    ) -> [String] {
        var result: [String] = []
        for item in items {
            switch item {
            case .property(let index):
                result += line(properties[index])
            case .conditional(let block):
                var blockLines: [String] = []
                var isEmpty = true
                for clause in block.clauses {
                    let inner = lines(for: clause.items, properties: properties, line: line)
                    isEmpty = isEmpty && inner.isEmpty
                    blockLines += [clause.directive] + inner
                }
                if !isEmpty { result += blockLines + ["#endif"] }
            }
        }
        return result
    }
}
