import SwiftDiagnostics
import SwiftSyntax

/// Checks the members of a `@Model` class that sit inside `#if` blocks. A macro cannot
/// tell which clause is active, so persisted properties there are rejected; transient,
/// static and computed ones are fine.
enum ConditionalMembers {
    /// One diagnostic per persisted or invalid property in any clause of `ifConfig`,
    /// nested `#if` blocks included.
    static func diagnostics(in ifConfig: IfConfigDeclSyntax) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for clause in ifConfig.clauses {
            guard case .decls(let members) = clause.elements else {
                continue
            }
            for member in members {
                if let variable = member.decl.as(VariableDeclSyntax.self) {
                    switch PropertyClassifier.classify(variable) {
                    case .ignored:
                        break
                    case .invalid(let diagnostic):
                        found.append(diagnostic)
                    case .persisted(let property):
                        found.append(
                            Diagnostic(
                                node: variable,
                                message: MacroDiagnostic(
                                    "conditionalProperty",
                                    "@Model does not support persisted properties inside '#if'; "
                                        + "move '\(property.name)' out of it or mark it @Transient"
                                )
                            )
                        )
                    }
                } else if let nested = member.decl.as(IfConfigDeclSyntax.self) {
                    found += diagnostics(in: nested)
                }
            }
        }
        return found
    }
}
