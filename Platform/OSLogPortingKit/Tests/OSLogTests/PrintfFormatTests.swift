import Foundation
import Testing

@testable import OSLog

@Suite("C format strings")
struct PrintfFormatTests {
    @Test("specifications are parsed with annotations, flags, counts and lengths; the rest stays literal")
    func parsing() {
        let format = PrintfFormat("a %{public, mask.hash}-8.*lld b %% c %s %q %")
        var specification = PrintfFormat.Specification()
        specification.annotations = ["public", "mask.hash"]
        specification.flags = "-"
        specification.width = .fixed(8)
        specification.precision = .argument
        specification.length = "ll"
        specification.conversion = "d"
        specification.text = "%{public, mask.hash}-8.*lld"
        var string = PrintfFormat.Specification()
        string.conversion = "s"
        string.text = "%s"
        #expect(
            format.pieces == [
                .literal("a "), .specification(specification), .literal(" b % c "), .specification(string),
                .literal(" %q %"),
            ])
    }

    @Test("numbers are formatted by printf, strings by Swift, with widths and precisions")
    func rendering() {
        func rendered(_ format: String, _ arguments: any CVarArg...) -> String {
            PrintfFormat(format).rendered(arguments, privateData: .shown)
        }
        #expect(
            rendered("%d|%5ld|%-5d|%05.1f|%x|%#o|%e", 42, 7, 3, 2.25, 255, 8, 1500.0)
                == "42|    7|3    |002.2|ff|010|1.500000e+03")
        #expect(
            rendered("%s and %@ [%6s] [%-6@] [%.2s]", "one", "two", "r", "l", "cut")
                == "one and two [     r] [l     ] [cu]")
        #expect(rendered("%*d|%.*f", 4, 9, 1, 2.0) == "   9|2.0")
        #expect(rendered("%D %U %hhu %c", 5, 6, UInt8(200), 65) == "5 6 200 A")
        #expect(rendered("%{bool}d %{BOOL}d %{bool}d", 1, 0, 0) == "true NO false")
        #expect(rendered("%@", "three" as NSString) == "three")
        let text = "C text".utf8CString
        #expect(text.withUnsafeBufferPointer { rendered("%s", $0.baseAddress!) } == "C text")
    }

    @Test("a value of the wrong kind is described, never read as another type's bits; missing ones stay as written")
    func mismatches() {
        func rendered(_ format: String, _ arguments: any CVarArg...) -> String {
            PrintfFormat(format).rendered(arguments, privateData: .shown)
        }
        #expect(rendered("%d %f", "text", 3) == "text 3")
        #expect(rendered("%d and %s", 1) == "1 and %s")
        #expect(rendered("%*d", "wide") == "%*d")
    }
}
