import Foundation

extension PrintfFormat {
    /// The text the format makes of `arguments`, each value redacted as its annotations and
    /// `privateData` say. A specification left without an argument is written as it is.
    func rendered(_ arguments: [any CVarArg], privateData: OSLogPrivateData) -> String {
        var remaining = arguments[...]
        var text = ""
        for piece in pieces {
            switch piece {
            case .literal(let literal): text += literal
            case .specification(let specification):
                text += specification.rendered(taking: &remaining, privateData: privateData)
            }
        }
        return text
    }
}

extension PrintfFormat.Specification {
    private struct MissingArgument: Error {}

    func rendered(taking arguments: inout ArraySlice<any CVarArg>, privateData: OSLogPrivateData) -> String {
        do {
            let width = try value(of: width, from: &arguments)
            let precision = try value(of: precision, from: &arguments)
            guard let argument = arguments.popFirst() else { return text }
            let formatted = format(argument, width: width, precision: precision)
            return privacy.display(formatted, isScalar: !isText, privateData: privateData)
        } catch {
            return text
        }
    }

    /// `%s` and `%@` values: private unless annotated `public`, as in Apple's `os_log`.
    var isText: Bool { "sS@".contains(conversion) }

    /// The privacy the annotations give: `public`, `private`, `sensitive`, and `mask.hash`.
    var privacy: OSLogPrivacy {
        let mask: OSLogPrivacy.Mask = annotations.contains("mask.hash") ? .hash : .none
        if annotations.contains("public") { return .public }
        if annotations.contains("sensitive") { return .sensitive(mask: mask) }
        if annotations.contains("private") { return .private(mask: mask) }
        return .auto(mask: mask)
    }

    private func value(of count: PrintfFormat.Count, from arguments: inout ArraySlice<any CVarArg>)
        throws(MissingArgument) -> Int?
    {
        switch count {
        case .none: return nil
        case .fixed(let value): return value
        case .argument:
            guard let argument = arguments.popFirst(), let value = argument as? any BinaryInteger else {
                throw MissingArgument()
            }
            return Int(truncatingIfNeeded: value)
        }
    }

    /// `argument` formatted. Strings and objects are written by Swift (a `%s` takes a Swift
    /// string as well as a C string); numbers by printf, given a value of their kind only: a
    /// value of another kind is written as Swift describes it, not read as bits of the wrong type.
    private func format(_ argument: any CVarArg, width: Int?, precision: Int?) -> String {
        if isText {
            return padded(
                precision.map { String(Self.string(argument).prefix(max(0, $0))) } ?? Self.string(argument), width)
        }
        if let integer = argument as? any BinaryInteger, annotations.contains(where: { $0.lowercased() == "bool" }) {
            let format: OSLogBoolFormat = annotations.contains("BOOL") ? .answer : .truth
            return padded(format.format(integer.words.contains { $0 != 0 }), width)
        }
        let fitting =
            "eEfFgGaA".contains(conversion)
            ? argument is any BinaryFloatingPoint
            : argument is any BinaryInteger || (conversion == "p" && !(argument is any CustomStringConvertible))
        guard fitting else { return padded(String(describing: argument), width) }
        return String(format: cFormat(width: width, precision: precision), arguments: [argument])
    }

    /// The specification without annotations, counts written out, `D` `O` `U` as `ld` `lo` `lu`.
    private func cFormat(width: Int?, precision: Int?) -> String {
        var format = "%" + flags.filter { $0 != "'" }
        if let width { format += String(width) }
        if let precision { format += "." + String(max(0, precision)) }
        if "DOU".contains(conversion) { return format + "l" + conversion.lowercased() }
        return format + length + String(conversion)
    }

    private func padded(_ text: String, _ width: Int?) -> String {
        let padding = String(repeating: " ", count: max(0, (width ?? 0) - text.count))
        return flags.contains("-") ? text + padding : padding + text
    }

    private static func string(_ argument: any CVarArg) -> String {
        switch argument {
        case let string as String: string
        case let pointer as UnsafePointer<CChar>: String(cString: pointer)
        case let pointer as UnsafeMutablePointer<CChar>: String(cString: pointer)
        default: String(describing: argument)
        }
    }
}
