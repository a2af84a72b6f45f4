import SwiftSyntax
import SwiftSyntaxMacros

/// `#Predicate` over models, as `import SwiftData` declares it: Foundation's
/// `#Predicate`, which also accepts `evaluate(_:)` of a stored `Predicate` or
/// `Expression` (`#Predicate<Item> { base.evaluate($0) && $0.name == name }`).
///
/// Linux's Foundation macro rejects `evaluate(_:)`. This macro rewrites each such call into
/// a subscript, `base[$0]`, which Foundation's macro translates as it translates any
/// subscript, into `PredicateExpressions.build_subscript(base, input)`; OpenSwiftData's
/// overloads of that function for a stored predicate or expression build the node that
/// evaluates it. The rest of the closure is left as written, and the result is expanded by
/// Foundation's own `#Predicate` (declared again under the name `_FoundationPredicate`).
public struct EvaluatingPredicateMacro: ExpressionMacro {
    public static var formatMode: FormatMode { .disabled }

    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> ExprSyntax {
        EvaluateCallRewriter.forward(node, to: "_FoundationPredicate")
    }
}

/// `#Expression` over models, as `import SwiftData` declares it: Foundation's
/// `#Expression`, which also accepts `evaluate(_:)` of a stored `Predicate` or `Expression`
/// (see ``EvaluatingPredicateMacro``).
public struct EvaluatingExpressionMacro: ExpressionMacro {
    public static var formatMode: FormatMode { .disabled }

    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> ExprSyntax {
        EvaluateCallRewriter.forward(node, to: "_FoundationExpression")
    }
}

/// Rewrites `value.evaluate(input)` into `value[input]`, in the closure and in the closures
/// nested in it.
final class EvaluateCallRewriter: SyntaxRewriter {
    /// `node` as an expansion of the macro named `name`, its trailing closure rewritten.
    /// Everything else (generic arguments, other arguments, a missing trailing closure) is
    /// left for Foundation's macro to expand or diagnose.
    static func forward(_ node: some FreestandingMacroExpansionSyntax, to name: String) -> ExprSyntax {
        let closure = node.trailingClosure.map {
            EvaluateCallRewriter(viewMode: .sourceAccurate).rewrite($0).cast(ClosureExprSyntax.self)
        }
        let expansion = MacroExpansionExprSyntax(
            pound: .poundToken(),
            macroName: .identifier(name),
            genericArgumentClause: node.genericArgumentClause?.with(\.leadingTrivia, []).with(\.trailingTrivia, []),
            leftParen: node.leftParen,
            arguments: node.arguments,
            rightParen: node.rightParen,
            trailingClosure: closure?.with(\.leadingTrivia, .space).with(\.trailingTrivia, []),
            additionalTrailingClosures: node.additionalTrailingClosures
        )
        return ExprSyntax(expansion)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
        let visited = super.visit(node)
        guard let call = visited.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base,
            member.declName.baseName.text == "evaluate",
            member.declName.argumentNames == nil,
            call.trailingClosure == nil,
            call.additionalTrailingClosures.isEmpty,
            call.arguments.count == 1,
            let argument = call.arguments.first,
            argument.label == nil
        else { return visited }
        // One input: the stored predicates of a SwiftData app take one model. Any other
        // form is left to Foundation's macro, which diagnoses it.
        let subscriptCall = SubscriptCallExprSyntax(
            calledExpression: base,
            leftSquare: .leftSquareToken(),
            arguments: [argument.with(\.trailingComma, nil)],
            rightSquare: .rightSquareToken()
        )
        return ExprSyntax(
            subscriptCall.with(\.leadingTrivia, call.leadingTrivia).with(\.trailingTrivia, call.trailingTrivia))
    }
}
