import Testing

@testable import PopcornApp

@Suite("Tables")
struct TableTests {
    func sample() -> Table {
        var table = Table([
            .init(title: "ID", alignRight: true), .init(title: "TITLE"),
        ])
        table.append(["7", "A rather long title that will not fit"])
        table.append(["1234", "Short"])
        return table
    }

    @Test("columns are aligned, numbers to the right")
    func aligned() {
        #expect(
            sample().render(width: 100)
                == """
                  ID  TITLE
                   7  A rather long title that will not fit
                1234  Short
                """)
    }

    @Test("the widest column is shortened with an ellipsis to fit the terminal")
    func fitsWidth() {
        let lines = sample().render(width: 20).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 20 })
        #expect(lines[1] == "   7  A rather long…")
    }
}
