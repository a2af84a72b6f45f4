/// The column an interpolated value fills, as Apple's `OSLogStringAlignment`:
/// `"\(name, align: .left(columns: 12))"` pads the value with spaces to 12 characters.
public struct OSLogStringAlignment: Sendable, Equatable {
    enum Anchor: Sendable, Equatable { case left, right }

    let anchor: Anchor
    let columns: Int

    /// No padding.
    public static var none: OSLogStringAlignment { OSLogStringAlignment(anchor: .right, columns: 0) }

    /// The value at the right of `columns` characters, spaces before it.
    public static func right(columns: Int) -> OSLogStringAlignment {
        OSLogStringAlignment(anchor: .right, columns: columns)
    }

    /// The value at the left of `columns` characters, spaces after it.
    public static func left(columns: Int) -> OSLogStringAlignment {
        OSLogStringAlignment(anchor: .left, columns: columns)
    }

    /// `text` padded to the columns; a longer text is left whole, as printf's width does.
    func apply(to text: String) -> String {
        let padding = String(repeating: " ", count: max(0, columns - text.count))
        return anchor == .left ? text + padding : padding + text
    }
}
