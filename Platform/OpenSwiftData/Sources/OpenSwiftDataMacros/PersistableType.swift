import SwiftSyntax

/// Decides, from syntax alone, whether a declared property type is one that `@Model`
/// certainly cannot persist.
///
/// Only what is visible in the type's spelling is rejected: function types, tuples,
/// `Any`, `AnyObject`, `Void`, existentials (`any P`, `P & Q`), opaque types (`some P`),
/// implicitly unwrapped optionals and metatypes, including when they appear inside an
/// optional, an array, a dictionary or generic arguments. Every named type is accepted
/// here; the runtime classifies it when the schema is built.
enum PersistableType {
    /// What `@Model` persists, as told to the user when a type is rejected.
    static let supportedSummary =
        "supported: integers, floating point, Bool, String, Date, Data, URL, UUID, Decimal, "
        + "RawRepresentable and Codable values, optionals and arrays of them, and other @Model classes"

    /// Type names that never denote a persistable value.
    private static let unsupportedNames: Set<String> = ["Any", "AnyObject", "Void", "Never"]

    /// Whether `type` is spelled in a way `@Model` cannot persist.
    static func isUnsupported(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) || type.is(SomeOrAnyTypeSyntax.self)
            || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) || type.is(MetatypeTypeSyntax.self)
            || type.is(CompositionTypeSyntax.self) || type.is(ClassRestrictionTypeSyntax.self)
        {
            return true
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return isUnsupported(attributed.baseType)
        }
        if let tuple = type.as(TupleTypeSyntax.self) {
            // `(Int)` is only a parenthesised type; anything else, `()` included, is a tuple.
            if tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil,
                only.ellipsis == nil
            {
                return isUnsupported(only.type)
            }
            return true
        }
        if let optional = type.as(OptionalTypeSyntax.self) {
            return isUnsupported(optional.wrappedType)
        }
        if let array = type.as(ArrayTypeSyntax.self) {
            return isUnsupported(array.element)
        }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return isUnsupported(dictionary.key) || isUnsupported(dictionary.value)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return unsupportedNames.contains(identifier.name.text)
                || hasUnsupportedArgument(identifier.genericArgumentClause)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            let isSwiftSpecial =
                member.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Swift"
                && unsupportedNames.contains(member.name.text)
            return isSwiftSpecial || hasUnsupportedArgument(member.genericArgumentClause)
        }
        return false
    }

    /// Whether any type among the generic arguments is unsupported.
    private static func hasUnsupportedArgument(_ clause: GenericArgumentClauseSyntax?) -> Bool {
        guard let clause else {
            return false
        }
        return clause.arguments.contains { argument in
            if case .type(let type) = argument.argument {
                return isUnsupported(type)
            }
            return false
        }
    }
}
