import SwiftDiagnostics
import SwiftSyntax

/// Checks that a single-binding stored property can be persisted by `@Model`.
enum PersistedPropertyValidator {
    /// Modifiers that give a stored property semantics the backing data cannot keep.
    private static let unsupportedModifiers: [Keyword] = [.lazy, .weak, .unowned]

    /// The first reason the property cannot be persisted, or `nil` when it can.
    static func problem(with variable: VariableDeclSyntax, binding: PatternBindingSyntax) -> Diagnostic? {
        let name = PropertyClassifier.displayName(of: binding)
        if let modifier = variable.modifiers.first(where: { modifier in
            unsupportedModifiers.contains { modifier.name.tokenKind == .keyword($0) }
        }) {
            let keyword = modifier.name.text
            return Diagnostic(
                node: modifier,
                message: MacroDiagnostic(
                    "\(keyword)Property",
                    "@Model does not support '\(keyword)' properties; remove '\(keyword)' from '\(name)' or mark it @Transient"
                )
            )
        }
        guard let type = binding.typeAnnotation?.type else {
            if binding.initializer != nil { return nil }
            return Diagnostic(
                node: binding.pattern,
                message: MacroDiagnostic(
                    "missingType",
                    "Persisted property '\(name)' needs an explicit type annotation"
                )
            )
        }
        if PersistableType.isUnsupported(type) {
            return Diagnostic(
                node: type,
                message: MacroDiagnostic(
                    "unsupportedType",
                    "Property '\(name)' has type '\(type.trimmedDescription)', which @Model cannot persist; "
                        + PersistableType.supportedSummary
                )
            )
        }
        return nil
    }
}
