import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@_PersistedProperty(N)`, added by `@Model` to its N-th persisted property: routes the
/// property through the model's backing data, and adds the placeholder storage
/// `_name` that the property's init accessor initializes and, where the class can have
/// stored type properties, the type constant `_$keyPath_name` that its getter passes to
/// observation tracking.
public struct PersistedPropertyMacro: AccessorMacro, PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let target = target(of: node, declaration: declaration, in: context) else {
            return []
        }
        let storage = "_\(target.name)"
        // The key path observation tracking records a read under, rooted at the class
        // that declares the property: the class's constant (the peer below), or the literal
        // where the class may not have stored type properties (``keepsKeyPathConstants``).
        let classDecl = enclosingClass(in: context)
        let className = classDecl?.name.text ?? "Self"
        let keyPath =
            keepsKeyPathConstants(in: context)
            ? "\(className).\(keyPathConstant(of: target.name)).keyPath" : "\\\(className).\(target.spelledName)"
        let isNewModelValue = NewModelValue.test(of: target.binding)
        // A class that may be in a hierarchy numbers its properties after its
        // superclasses' (see `ModelMemberBuilder`).
        let position = target.position.expression(in: className)
        let index =
            classDecl.map(ModelAnalysis.usesPropertyOffset) == true
            ? "\(className)._$propertyOffset + \(position)" : position
        return [
            """
            @storageRestrictions(accesses: _$backingData, initializes: \(raw: storage))
            init(initialValue) {
                _$backingData.initializeValue(initialValue, at: \(raw: index), for: Self.self, isNewModelValue: \(raw: isNewModelValue))
                \(raw: storage) = OpenSwiftData._PersistedPropertyPlaceholder()
            }
            """,
            """
            get {
                persistentBackingData.value(at: \(raw: index), of: self, keyPath: \(raw: keyPath))
            }
            """,
            """
            set {
                persistentBackingData.setValue(newValue, at: \(raw: index), of: self)
            }
            """,
        ]
    }

    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        // Diagnostics, if any, come from the accessor role.
        guard let target = target(of: node, declaration: declaration, in: nil) else {
            return []
        }
        var peers: [DeclSyntax] = [
            "@Transient private var _\(raw: target.name): OpenSwiftData._PersistedPropertyPlaceholder"
        ]
        if let classDecl = enclosingClass(in: context),
            keepsKeyPathConstants(in: context)
        {
            peers.append(
                """
                private static let \(raw: keyPathConstant(of: target.name)) = OpenSwiftData._keyPathConstant(\\\(raw: classDecl.name.text).\(raw: target.spelledName))
                """)
        }
        return peers
    }

    /// Whether the class keeps each persisted property's key path in a type constant,
    /// which the getter passes as it is: a key path literal is instantiated at every read
    /// (a runtime call, and a retain and a release of the key path). Not in a generic
    /// class, nor in one declared inside a generic type or function, which cannot have
    /// stored type properties; nor in one declared in an extension, whose type may be
    /// generic without its syntax showing it.
    private static func keepsKeyPathConstants(in context: some MacroExpansionContext) -> Bool {
        !context.lexicalContext.contains { declaration in
            declaration.is(ExtensionDeclSyntax.self)
                || declaration.asProtocol((any WithGenericParametersSyntax).self)?.genericParameterClause != nil
        }
    }

    /// The class the property is declared in, the innermost one.
    private static func enclosingClass(in context: some MacroExpansionContext) -> ClassDeclSyntax? {
        context.lexicalContext.lazy.compactMap { $0.as(ClassDeclSyntax.self) }.first
    }

    /// The name of the type constant that holds a property's key path.
    private static func keyPathConstant(of property: String) -> String {
        "_$keyPath_\(property)"
    }

    /// The property name (unescaped) and index the attribute applies to, or `nil` after
    /// reporting, when `context` is given, why the attribute is misused.
    private static func target(
        of node: AttributeSyntax,
        declaration: some DeclSyntaxProtocol,
        in context: (any MacroExpansionContext)?
    ) -> (name: String, spelledName: String, position: PropertyPosition, binding: PatternBindingSyntax)? {
        guard let variable = declaration.as(VariableDeclSyntax.self),
            variable.bindings.count == 1,
            let binding = variable.bindings.first,
            let identifier = binding.pattern.as(IdentifierPatternSyntax.self),
            case .argumentList(let arguments) = node.arguments,
            let literal = arguments.first?.expression.as(IntegerLiteralExprSyntax.self),
            let index = Int(literal.literal.text),
            let counts = countNames(in: arguments.dropFirst())
        else {
            context?.diagnose(
                Diagnostic(
                    node: node,
                    message: MacroDiagnostic(
                        "misusedPersistedProperty",
                        "@_PersistedProperty is added by @Model; do not write it yourself"
                    )
                )
            )
            return nil
        }
        return (
            identifier.identifier.unescapedText, identifier.identifier.text,
            PropertyPosition(literal: index, counts: counts), binding
        )
    }

    /// The identifiers of the `#if` blocks the property is numbered after, given as
    /// `after: [0, 1]`, or `nil` when the arguments are something else.
    private static func countNames(in arguments: LabeledExprListSyntax.SubSequence) -> [Int]? {
        guard let argument = arguments.first else { return [] }
        guard arguments.count == 1, argument.label?.text == "after",
            let array = argument.expression.as(ArrayExprSyntax.self)
        else { return nil }
        var blocks: [Int] = []
        for element in array.elements {
            guard let literal = element.expression.as(IntegerLiteralExprSyntax.self),
                let block = Int(literal.literal.text)
            else { return nil }
            blocks.append(block)
        }
        return blocks
    }
}
