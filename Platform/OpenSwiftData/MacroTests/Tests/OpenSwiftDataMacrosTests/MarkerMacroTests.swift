import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros that only mark declarations for `@Model`: they expand to nothing.
@Suite("Marker macros")
struct MarkerMacroTests {
    @Test("@Attribute alone expands to nothing")
    func attributeAlone() {
        assertExpansion(
            """
            @Attribute(.unique, originalName: "title") var name: String = ""
            """,
            expandedSource: """
                var name: String = ""
                """
        )
    }

    @Test("@Relationship alone expands to nothing")
    func relationshipAlone() {
        assertExpansion(
            #"""
            @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
            """#,
            expandedSource: """
                var stops: [Stop] = []
                """
        )
    }

    @Test("@Transient alone expands to nothing")
    func transientAlone() {
        assertExpansion(
            """
            @Transient var isSelected: Bool = false
            """,
            expandedSource: """
                var isSelected: Bool = false
                """
        )
    }

    @Test("#Index and #Unique expand to nothing")
    func indexAndUnique() {
        assertExpansion(
            #"""
            final class Trip {
                #Index<Trip>([\.name], [\Trip.startDate, \.name])
                #Index<Trip>(.binary([\.name]), .rtree([\.x, \.y]))
                #Unique<Trip>([\.name, \.startDate])
                var name = ""
            }
            """#,
            expandedSource: """
                final class Trip {
                    var name = ""
                }
                """
        )
    }

    private let indexUsage =
        #"#Index takes one or more array literals of key paths, such as [\.name, \.date], "#
        + #"or index types, such as .binary([\.name]) and .rtree([\.x, \.y])"#

    @Test("#Index rejects an argument that is not an array literal of key paths")
    func invalidIndexArgument() {
        assertExpansion(
            #"""
            final class Trip {
                #Index<Trip>([\.name], [], names)
                #Index<Trip>(.binary([\.name]), .rtree([]), .hash([\.name]))
            }
            """#,
            expandedSource: """
                final class Trip {
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: indexUsage, line: 2, column: 28),
                DiagnosticSpec(message: indexUsage, line: 2, column: 32),
                DiagnosticSpec(message: indexUsage, line: 3, column: 37),
                DiagnosticSpec(message: indexUsage, line: 3, column: 49),
            ]
        )
    }

    @Test("#Unique rejects an array of something other than key paths, and no argument")
    func invalidUniqueArgument() {
        assertExpansion(
            #"""
            final class Trip {
                #Unique<Trip>(["name"])
                #Unique<Trip>()
            }
            """#,
            expandedSource: """
                final class Trip {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: #"#Unique takes one or more array literals of key paths, such as [\.name, \.date]"#,
                    line: 2,
                    column: 19
                ),
                DiagnosticSpec(
                    message: #"#Unique takes one or more array literals of key paths, such as [\.name, \.date]"#,
                    line: 3,
                    column: 5
                ),
            ]
        )
    }
}
