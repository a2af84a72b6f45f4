import SwiftDiagnostics

/// An error reported by one of the OpenSwiftData macros.
struct MacroDiagnostic: DiagnosticMessage {
    /// The text shown to the user.
    let message: String
    /// A stable identifier, unique per kind of problem.
    let diagnosticID: MessageID
    /// Every OpenSwiftData macro diagnostic is an error.
    let severity: DiagnosticSeverity = .error

    /// Creates an error with the given message; `id` names the kind of problem.
    init(_ id: String, _ message: String) {
        self.message = message
        self.diagnosticID = MessageID(domain: "OpenSwiftDataMacros", id: id)
    }
}
