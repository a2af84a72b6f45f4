import SwiftSyntax

extension AttributeSyntax {
    /// The attribute's name without any module qualification:
    /// `Attribute` for both `@Attribute(...)` and `@OpenSwiftData.Attribute(...)`.
    var simpleName: String {
        if let identifier = attributeName.as(IdentifierTypeSyntax.self) {
            return identifier.name.text
        }
        if let member = attributeName.as(MemberTypeSyntax.self) {
            return member.name.text
        }
        return attributeName.trimmedDescription
    }

    /// The attribute's arguments as written, or an empty string when it has none.
    var argumentsText: String {
        arguments?.trimmedDescription ?? ""
    }
}

extension AttributeListSyntax {
    /// The attributes of the list (ignoring `#if` clauses) whose simple name is `name`.
    func attributes(named name: String) -> [AttributeSyntax] {
        compactMap { element in
            guard let attribute = element.as(AttributeSyntax.self), attribute.simpleName == name else {
                return nil
            }
            return attribute
        }
    }
}

extension DeclModifierListSyntax {
    /// Whether the list contains a modifier with the given keyword, e.g. `.static`.
    func contains(_ keyword: Keyword) -> Bool {
        contains { $0.name.tokenKind == .keyword(keyword) }
    }

    /// The modifier to write on generated members so that they are as visible as the
    /// declaration carrying these modifiers: `public ` for `public` or `open`,
    /// `package ` for `package`, and nothing otherwise (members then default to internal,
    /// which a `private` or `fileprivate` type caps anyway).
    var generatedAccessModifier: String {
        if contains(.public) || contains(.open) {
            return "public "
        }
        if contains(.package) {
            return "package "
        }
        return ""
    }
}

extension TokenSyntax {
    /// The identifier's text without the backticks that escape keywords.
    var unescapedText: String {
        var text = self.text
        if text.hasPrefix("`"), text.hasSuffix("`"), text.count >= 2 {
            text = String(text.dropFirst().dropLast())
        }
        return text
    }
}

extension TypeSyntaxProtocol {
    /// The type's name without module qualification and generic arguments:
    /// `PersistentModel` for `OpenSwiftData.PersistentModel`.
    var simpleName: String {
        if let identifier = self.as(IdentifierTypeSyntax.self) {
            return identifier.name.text
        }
        if let member = self.as(MemberTypeSyntax.self) {
            return member.name.text
        }
        return trimmedDescription
    }
}
