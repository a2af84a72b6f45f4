import SwiftDiagnostics
import SwiftSyntax

/// The "@Model classes must be final" error, with a Fix-It that adds `final`.
enum FinalClassFixIt {
    /// The error for `classDecl`, which is not `final`. An `open` class gets no Fix-It,
    /// since `open` and `final` exclude each other.
    static func diagnostic(for classDecl: ClassDeclSyntax) -> Diagnostic {
        let message = MacroDiagnostic("notFinal", "@Model classes must be final")
        guard !classDecl.modifiers.contains(.open) else {
            return Diagnostic(node: classDecl.classKeyword, message: message)
        }
        return Diagnostic(
            node: classDecl.classKeyword,
            message: message,
            fixIt: FixIt(
                message: MacroFixItMessage("addFinal", "Add 'final'"),
                changes: [.replace(oldNode: Syntax(classDecl), newNode: Syntax(addingFinal(to: classDecl)))]
            )
        )
    }

    /// `classDecl` with `final` added after its other modifiers, keeping its trivia.
    private static func addingFinal(to classDecl: ClassDeclSyntax) -> ClassDeclSyntax {
        var classDecl = classDecl
        var final = DeclModifierSyntax(name: .keyword(.final), trailingTrivia: .space)
        if classDecl.modifiers.isEmpty {
            final.leadingTrivia = classDecl.classKeyword.leadingTrivia
            classDecl.classKeyword.leadingTrivia = []
        }
        classDecl.modifiers.append(final)
        return classDecl
    }
}
