import Foundation
import SwiftData
import Testing

/// `String(localized:)`, which SwiftData apps use to name their models' enum cases
/// (`case .microphone: String(localized: "Microphone")`), through `import SwiftData` on Linux:
/// the text of a bundle's strings table, or the key.
@Suite("String(localized:) through import SwiftData")
struct StringLocalizedTests {
    /// A bundle whose `Localizable` table has one translation.
    private func bundle() throws -> Bundle {
        let folder = FileManager.default.temporaryDirectory.appending(path: "localized-\(UUID().uuidString)")
        let table = folder.appending(path: "en.lproj")
        try FileManager.default.createDirectory(at: table, withIntermediateDirectories: true)
        try Data("\"Microphone\" = \"Mic\";\n".utf8).write(to: table.appending(path: "Localizable.strings"))
        return try #require(Bundle(url: folder))
    }

    @Test("a key no table has reads as written, interpolated or not")
    func keyWithoutTable() {
        #expect(String(localized: "System Audio") == "System Audio")
        let count = 3
        #expect(String(localized: "\(count) speakers", comment: "a session's speakers") == "3 speakers")
        #expect(String(localized: "Remote", defaultValue: "Someone else") == "Someone else")
    }

    @Test("a key a bundle's table has reads as the table says")
    func keyInTable() throws {
        let bundle = try bundle()
        #expect(String(localized: "Microphone", bundle: bundle) == "Mic")
        #expect(String(localized: "Remote", bundle: bundle) == "Remote")
    }
}
