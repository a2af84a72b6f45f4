import SwiftDiagnostics
import SwiftSyntax

/// Everything `@Model` learns from the class it is attached to. Each role of the macro
/// computes it again; when `diagnostics` is not empty, no role expands anything, so that
/// the user sees the reported errors and no follow-on ones.
struct ModelAnalysis {
    /// The class's name as written, used as the root of generated key paths.
    let className: String
    /// The modifier for the generated public-facing members: `public `, `package ` or nothing.
    let accessModifier: String
    /// Whether the class is `final`.
    let isFinal: Bool
    /// Whether the class is `open`: the members its subclasses override are `open` too.
    let isOpen: Bool
    /// The first type of the class's inheritance clause, as written: its superclass, when
    /// the class is a `@Model` subclass (see ``ModelMemberBuilder``).
    let firstInheritedType: String?
    /// The persisted properties, in declaration order, those of every clause of `#if`
    /// blocks included.
    let properties: [PersistedPropertyInfo]
    /// Where the persisted properties sit, `#if` blocks included.
    let layout: [MemberLayout]
    /// The number of active persisted properties, as an expression when `#if` blocks
    /// declare some.
    let propertyCount: PropertyPosition
    /// The property names of each `#Index` argument, in declaration order.
    let indexes: [[String]]
    /// The property names of each `#Unique` argument, in declaration order.
    let uniquenessConstraints: [[String]]
    /// The problems found; `@Model` expands only when there are none.
    let diagnostics: [Diagnostic]

    /// Whether `@Model` can expand on the class.
    var isValid: Bool { diagnostics.isEmpty }

    /// Analyses the declaration `attribute` (the `@Model` attribute) is attached to.
    init(attribute: AttributeSyntax, declaration: some DeclGroupSyntax) {
        guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
            self.init(
                invalid: Diagnostic(
                    node: attribute,
                    message: MacroDiagnostic("notAClass", "@Model can only be applied to a class")
                )
            )
            return
        }
        var properties: [PersistedPropertyInfo] = []
        var diagnostics: [Diagnostic] = []
        var indexes: [[String]] = []
        var uniquenessConstraints: [[String]] = []
        var storesAnything = false
        var firstComputed: PatternBindingSyntax?
        var layout: [MemberLayout] = []
        var nextBlockID = 0
        for member in classDecl.memberBlock.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                let isInstanceMember = !variable.modifiers.contains(.static) && !variable.modifiers.contains(.class)
                if isInstanceMember, PropertyClassifier.isStored(variable) {
                    storesAnything = true
                } else if isInstanceMember, firstComputed == nil {
                    firstComputed = variable.bindings.first
                }
                switch PropertyClassifier.classify(variable) {
                case .ignored: break
                case .persisted(let property):
                    layout.append(.property(properties.count))
                    properties.append(property)
                case .invalid(let diagnostic): diagnostics.append(diagnostic)
                }
            } else if let expansion = member.decl.as(MacroExpansionDeclSyntax.self) {
                switch expansion.macroName.text {
                case "Index":
                    // `.binary` and `.rtree` over the same properties make one index.
                    for case let names? in KeyPathLists.propertyNames(in: expansion.arguments, acceptsIndexTypes: true)
                    where !indexes.contains(names) {
                        indexes.append(names)
                    }
                case "Unique":
                    uniquenessConstraints += KeyPathLists.propertyNames(in: expansion.arguments).compactMap { $0 }
                default: break
                }
            } else if let ifConfig = member.decl.as(IfConfigDeclSyntax.self),
                let block = ConditionalMembers.layout(
                    of: ifConfig, properties: &properties, diagnostics: &diagnostics, nextID: &nextBlockID)
            {
                storesAnything = true
                layout.append(.conditional(block))
            }
        }
        let propertyCount = ConditionalMembers.assignPositions(layout, from: PropertyPosition(), to: &properties)
        // A class of computed properties only, with no superclass to inherit stored ones
        // from, has nothing to persist: SwiftData rejects it too.
        if diagnostics.isEmpty, !storesAnything, classDecl.inheritanceClause == nil, let firstComputed {
            let name = PropertyClassifier.displayName(of: firstComputed)
            diagnostics.append(
                Diagnostic(
                    node: firstComputed.pattern,
                    message: MacroDiagnostic(
                        "noStoredProperty",
                        "'\(name)' is computed, and '\(classDecl.name.text)' has no stored property for @Model to "
                            + "persist; add one, or remove @Model"
                    )
                )
            )
        }
        self.init(
            className: classDecl.name.text,
            accessModifier: classDecl.modifiers.generatedAccessModifier,
            isFinal: classDecl.modifiers.contains(.final),
            isOpen: classDecl.modifiers.contains(.open),
            firstInheritedType: classDecl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription,
            properties: properties,
            layout: layout,
            propertyCount: propertyCount,
            indexes: indexes,
            uniquenessConstraints: uniquenessConstraints,
            diagnostics: diagnostics
        )
    }

    /// An analysis that only carries one error.
    private init(invalid diagnostic: Diagnostic) {
        self.init(
            className: "",
            accessModifier: "",
            isFinal: true,
            isOpen: false,
            firstInheritedType: nil,
            properties: [],
            layout: [],
            propertyCount: PropertyPosition(),
            indexes: [],
            uniquenessConstraints: [],
            diagnostics: [diagnostic]
        )
    }

    /// Stores every field.
    private init(
        className: String,
        accessModifier: String,
        isFinal: Bool,
        isOpen: Bool,
        firstInheritedType: String?,
        properties: [PersistedPropertyInfo],
        layout: [MemberLayout],
        propertyCount: PropertyPosition,
        indexes: [[String]],
        uniquenessConstraints: [[String]],
        diagnostics: [Diagnostic]
    ) {
        self.className = className
        self.accessModifier = accessModifier
        self.isFinal = isFinal
        self.isOpen = isOpen
        self.firstInheritedType = firstInheritedType
        self.properties = properties
        self.layout = layout
        self.propertyCount = propertyCount
        self.indexes = indexes
        self.uniquenessConstraints = uniquenessConstraints
        self.diagnostics = diagnostics
    }
}

extension ModelAnalysis {
    /// Whether the class's persisted properties are numbered from an offset that the
    /// class computes (`_$propertyOffset`) rather than from 0: the case of every class
    /// that may be a `@Model` subclass or have one. Only a `final` class without an
    /// inheritance clause is known, from its syntax alone, to be neither; the property
    /// accessors decide from that syntax, so the member role must decide the same way.
    static func usesPropertyOffset(_ classDecl: ClassDeclSyntax) -> Bool {
        !(classDecl.modifiers.contains(.final) && classDecl.inheritanceClause == nil)
    }
}

extension ModelAnalysis {
    /// ``usesPropertyOffset(_:)`` for the analysed class.
    var usesPropertyOffset: Bool { !(isFinal && firstInheritedType == nil) }
}

extension ModelAnalysis {
    /// Whether `#if` blocks declare persisted properties.
    var hasConditionalProperties: Bool {
        layout.contains { if case .conditional = $0 { true } else { false } }
    }

    /// The persisted property `variable` declares: the one of that name, or, when
    /// clauses of an `#if` block declare several, the one written as `variable` is.
    func property(declaredBy variable: VariableDeclSyntax, named name: String) -> PersistedPropertyInfo? {
        let named = properties.filter { $0.name == name }
        guard named.count > 1 else { return named.first }
        return named.first { $0.declarationText == variable.trimmedDescription } ?? named.first
    }
}
