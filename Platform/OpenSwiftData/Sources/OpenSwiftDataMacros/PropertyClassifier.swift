import SwiftDiagnostics
import SwiftSyntax

/// What `@Model` makes of one `var` or `let` member of the class.
enum PropertyClassification {
    /// Left alone: static, computed, or `@Transient`.
    case ignored
    /// Stored in the backing data.
    case persisted(PersistedPropertyInfo)
    /// Not supported; the diagnostic says why.
    case invalid(Diagnostic)
}

/// Sorts the variable declarations of a `@Model` class into persisted, ignored and invalid.
enum PropertyClassifier {
    /// Classifies one variable declaration of a model class.
    static func classify(_ variable: VariableDeclSyntax) -> PropertyClassification {
        let modifiers = variable.modifiers
        if modifiers.contains(.static) || modifiers.contains(.class) {
            return .ignored
        }
        let displayName = variable.bindings.first.map(Self.displayName(of:)) ?? "?"
        if let conflict = attributeConflict(in: variable, displayName: displayName) {
            return .invalid(conflict)
        }
        guard isStored(variable) else {
            return .ignored
        }
        if !variable.attributes.attributes(named: "Transient").isEmpty || isEphemeral(variable) {
            if let missingDefault = transientWithoutDefault(variable) {
                return .invalid(missingDefault)
            }
            return .ignored
        }
        return classifyPersisted(variable)
    }

    /// The name a binding declares, unescaped, or its pattern as written.
    static func displayName(of binding: PatternBindingSyntax) -> String {
        if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
            return identifier.identifier.unescapedText
        }
        return binding.pattern.trimmedDescription
    }

    /// Whether the declaration stores a value: no accessor block, or only observers.
    static func isStored(_ variable: VariableDeclSyntax) -> Bool {
        variable.bindings.allSatisfy { binding in
            guard let accessorBlock = binding.accessorBlock else {
                return true
            }
            return hasOnlyObservers(accessorBlock)
        }
    }

    /// Whether the accessor block declares only `willSet`/`didSet` observers; any other
    /// accessor, or a bare getter body, makes the property computed.
    private static func hasOnlyObservers(_ accessorBlock: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let accessors) = accessorBlock.accessors else {
            return false
        }
        return accessors.allSatisfy { accessor in
            accessor.accessorSpecifier.tokenKind == .keyword(.willSet)
                || accessor.accessorSpecifier.tokenKind == .keyword(.didSet)
        }
    }

    /// A diagnostic when the declaration combines markers that exclude each other.
    private static func attributeConflict(in variable: VariableDeclSyntax, displayName: String) -> Diagnostic? {
        let attributes = variable.attributes
        let transient = attributes.attributes(named: "Transient").first
        let attribute = attributes.attributes(named: "Attribute").first
        let relationship = attributes.attributes(named: "Relationship").first
        let later: (AttributeSyntax, AttributeSyntax) -> AttributeSyntax = { first, second in
            first.position > second.position ? first : second
        }
        if let attribute, let relationship {
            return Diagnostic(
                node: later(attribute, relationship),
                message: MacroDiagnostic(
                    "attributeAndRelationship",
                    "@Attribute and @Relationship cannot both be applied to '\(displayName)'"
                )
            )
        }
        if let transient, let other = attribute ?? relationship {
            return Diagnostic(
                node: later(transient, other),
                message: MacroDiagnostic(
                    "transientConflict",
                    "@Transient cannot be combined with @\(other.simpleName) on '\(displayName)'"
                )
            )
        }
        return nil
    }

    /// Whether the declaration is `@Attribute(.ephemeral)`: kept in memory, not in the
    /// store, as `@Transient` (SwiftData tracks its changes; the store never sees it).
    private static func isEphemeral(_ variable: VariableDeclSyntax) -> Bool {
        variable.attributes.attributes(named: "Attribute").contains { attribute in
            guard case .argumentList(let arguments) = attribute.arguments else { return false }
            return arguments.contains { argument in
                argument.label == nil
                    && argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "ephemeral"
            }
        }
    }

    /// A diagnostic when a stored `@Transient` property has no default value. An optional
    /// `var` without initializer has the implicit default `nil`, so it is accepted.
    private static func transientWithoutDefault(_ variable: VariableDeclSyntax) -> Diagnostic? {
        let isVar = variable.bindingSpecifier.tokenKind == .keyword(.var)
        for binding in variable.bindings where binding.initializer == nil {
            let type = binding.typeAnnotation?.type
            let isOptional =
                type?.is(OptionalTypeSyntax.self) == true
                || type?.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true
            if isVar && isOptional {
                continue
            }
            return Diagnostic(
                node: binding.pattern,
                message: MacroDiagnostic(
                    "transientWithoutDefault",
                    "@Transient property '\(displayName(of: binding))' needs a default value"
                )
            )
        }
        return nil
    }

    /// Classifies a stored, non-transient declaration: persisted, or invalid.
    private static func classifyPersisted(_ variable: VariableDeclSyntax) -> PropertyClassification {
        guard variable.bindings.count == 1, let binding = variable.bindings.first else {
            let names = variable.bindings.map { "'\(displayName(of: $0))'" }.joined(separator: ", ")
            return .invalid(
                Diagnostic(
                    node: variable.bindingSpecifier,
                    message: MacroDiagnostic(
                        "multipleBindings",
                        "@Model does not support several properties in one declaration; declare \(names) separately"
                    )
                )
            )
        }
        if let problem = PersistedPropertyValidator.problem(with: variable, binding: binding) {
            return .invalid(problem)
        }
        guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
            return .invalid(
                Diagnostic(
                    node: binding.pattern,
                    message: MacroDiagnostic(
                        "patternBinding",
                        "@Model does not support destructuring '\(binding.pattern.trimmedDescription)'; declare each property separately"
                    )
                )
            )
        }
        return .persisted(
            PersistedPropertyInfo(
                name: identifier.identifier.unescapedText,
                spelledName: identifier.identifier.text,
                defaultValue: binding.initializer?.value.trimmedDescription,
                metadata: metadata(of: variable),
                isConstant: variable.bindingSpecifier.tokenKind == .keyword(.let),
                isOptional: binding.typeAnnotation.map { isOptional($0.type) } ?? false,
                declarationText: variable.trimmedDescription
            )
        )
    }

    /// Whether `type` is written `T?` or `T!`.
    static func isOptional(_ type: TypeSyntax) -> Bool {
        type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
    }

    /// The schema metadata expression for the property's `@Attribute` or `@Relationship`.
    private static func metadata(of variable: VariableDeclSyntax) -> String? {
        if let attribute = variable.attributes.attributes(named: "Attribute").first {
            return "OpenSwiftData.Schema.Attribute(\(attribute.argumentsText))"
        }
        if let relationship = variable.attributes.attributes(named: "Relationship").first {
            return "OpenSwiftData.Schema.Relationship(\(relationship.argumentsText))"
        }
        return nil
    }
}
