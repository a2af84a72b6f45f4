// SwiftUI does not exist on Linux. A recipe names this shim only for a production file that
// imports SwiftUI and uses no more of it than what SwiftUI re-exports (Foundation, Observation)
// and a named `Color`.
@_exported import Foundation
@_exported import Observation

/// A stand-in for SwiftUI's `Color`, for a model that maps its own color enum to one (as
/// `var swiftUIColor: Color { .blue }`): the named system colors, equal by name. It draws
/// nothing; nothing on Linux does.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public let description: String

    private init(_ name: String) { description = name }

    public static let black = Color("black")
    public static let blue = Color("blue")
    public static let brown = Color("brown")
    public static let clear = Color("clear")
    public static let cyan = Color("cyan")
    public static let gray = Color("gray")
    public static let green = Color("green")
    public static let indigo = Color("indigo")
    public static let mint = Color("mint")
    public static let orange = Color("orange")
    public static let pink = Color("pink")
    public static let primary = Color("primary")
    public static let purple = Color("purple")
    public static let red = Color("red")
    public static let secondary = Color("secondary")
    public static let teal = Color("teal")
    public static let white = Color("white")
    public static let yellow = Color("yellow")
}
