import Foundation
import Testing

/// A file that imports only Foundation and names `.localizedStandard`, as SwiftData apps'
/// sorting helpers do: Linux's Foundation lacks the comparator, and adding `import SwiftData`
/// to the file is the change the porting guide gives. Both halves are checked, so that the
/// guide changes when Linux's Foundation does.
@Suite("What Linux's Foundation cannot compile, and the smallest change")
struct FoundationGapTests {
    static let sortingHelper = """
        struct TitleSorter {
            func sorted(_ titles: [String], comparator: String.StandardComparator = .localizedStandard) -> [String] {
                titles.sorted(using: comparator)
            }
        }
        """

    @Test("a Foundation-only file naming .localizedStandard does not compile on Linux")
    func foundationAlone() async throws {
        let result = try await SnippetTypechecker.typecheck("import Foundation\n\n" + Self.sortingHelper)
        #expect(result.status != 0)
        #expect(result.diagnostics.contains("has no member 'localizedStandard'"), "\(result.diagnostics)")
    }

    @Test("with import SwiftData added, it compiles in each language mode", arguments: ["5", "6"])
    func withSwiftData(languageMode: String) async throws {
        let result = try await SnippetTypechecker.typecheck(
            "import Foundation\nimport SwiftData\n\n" + Self.sortingHelper, settings: ["-swift-version", languageMode])
        #expect(result.status == 0, "\(result.diagnostics)")
        #expect(!result.diagnostics.contains("warning:"), "\(result.diagnostics)")
    }
}
