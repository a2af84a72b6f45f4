/// JSON text as PostgreSQL's `jsonb` prints it (`value::text`), from any JSON text that
/// means the same value: what this machine's fields look like on the server, so that a
/// digest of them (``RecordDigest``) equals the server's digest of the same values.
///
/// `jsonb` keeps the value, not the text: an object's keys sorted shortest first, then
/// bytewise, the last of duplicate keys kept, `": "` and `", "` between the parts; a
/// string's escapes reduced to `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t` and `\u00xx` for
/// the other control characters; a number as `numeric` prints it, in plain digits (no
/// exponent) with as many decimals as the text meant (`1.50` stays `1.50`, `1e-05` is
/// `0.00001`, `-0` is `0`). `JSONBTextTests` compares this with a real server's output.
enum JSONBText {
    /// The `jsonb` text of a JSON text; nil when it is not JSON.
    static func canonical(_ text: String) -> String? {
        var parser = Parser(bytes: Array(text.utf8))
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 8)
        guard parser.value(into: &output) else { return nil }
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { return nil }
        return String(decoding: output, as: UTF8.self)
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(into output: inout [UInt8]) -> Bool {
            skipSpace()
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(into: &output)
            case UInt8(ascii: "["): return array(into: &output)
            case UInt8(ascii: "\""):
                guard let scalars = string() else { return false }
                Self.append(string: scalars, to: &output)
                return true
            case UInt8(ascii: "t"): return literal("true", into: &output)
            case UInt8(ascii: "f"): return literal("false", into: &output)
            case UInt8(ascii: "n"): return literal("null", into: &output)
            default: return number(into: &output)
            }
        }

        private mutating func literal(_ word: String, into output: inout [UInt8]) -> Bool {
            let utf8 = Array(word.utf8)
            guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
                return false
            }
            index += utf8.count
            output += utf8
            return true
        }

        private mutating func object(into output: inout [UInt8]) -> Bool {
            index += 1
            var members: [(key: [UInt8], value: [UInt8])] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else {
                        return false
                    }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                    index += 1
                    var value: [UInt8] = []
                    guard self.value(into: &value) else { return false }
                    let keyBytes = Array(String(String.UnicodeScalarView(key)).utf8)
                    // The last of duplicate keys wins, as jsonb keeps it.
                    members.removeAll { $0.key == keyBytes }
                    members.append((keyBytes, value))
                    skipSpace()
                    guard index < bytes.count else { return false }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    guard bytes[index] == UInt8(ascii: "}") else { return false }
                    index += 1
                    break
                }
            }
            members.sort {
                $0.key.count != $1.key.count ? $0.key.count < $1.key.count : $0.key.lexicographicallyPrecedes($1.key)
            }
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output += Array(", ".utf8) }
                Self.append(string: Array(String(decoding: member.key, as: UTF8.self).unicodeScalars), to: &output)
                output += Array(": ".utf8)
                output += member.value
            }
            output.append(UInt8(ascii: "}"))
            return true
        }

        private mutating func array(into output: inout [UInt8]) -> Bool {
            index += 1
            output.append(UInt8(ascii: "["))
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                output.append(UInt8(ascii: "]"))
                return true
            }
            var first = true
            while true {
                if !first { output += Array(", ".utf8) }
                first = false
                guard value(into: &output) else { return false }
                skipSpace()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else { return false }
                index += 1
                output.append(UInt8(ascii: "]"))
                return true
            }
        }

        /// A string literal's characters, its escapes read.
        private mutating func string() -> [Unicode.Scalar]? {
            index += 1
            var scalars: [Unicode.Scalar] = []
            var start = index
            func flush(_ end: Int) {
                scalars += String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    flush(index)
                    index += 1
                    return scalars
                }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                flush(index)
                guard index + 1 < bytes.count else { return nil }
                let escape = bytes[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard var unit = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(unit) {
                        // A surrogate pair's high half: the low half follows as `\uDCxx`.
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { return nil }
                        index += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(unit) else { return nil }
                    scalars.append(scalar)
                default: return nil
                }
                start = index
            }
            return nil
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count,
                let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { return nil }
            index += 4
            return value
        }

        /// A number as `numeric` prints it: plain digits, as many decimals as the text's
        /// fraction has less its exponent (none below zero), no sign on zero.
        private mutating func number(into output: inout [UInt8]) -> Bool {
            var negative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            let integer = digits()
            guard !integer.isEmpty else { return false }
            var fraction: [UInt8] = []
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                fraction = digits()
                guard !fraction.isEmpty else { return false }
            }
            var exponent = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                var exponentNegative = false
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    exponentNegative = bytes[index] == UInt8(ascii: "-")
                    index += 1
                }
                let exponentDigits = digits()
                guard !exponentDigits.isEmpty, exponentDigits.count < 7,
                    let magnitude = Int(String(decoding: exponentDigits, as: UTF8.self))
                else { return false }
                exponent = exponentNegative ? -magnitude : magnitude
            }
            let all = integer + fraction
            let scale = max(0, fraction.count - exponent)
            // The position of the decimal point in `all`, which may lie outside it.
            let point = integer.count + exponent
            var whole: [UInt8] =
                point <= 0
                ? [] : Array(all.prefix(point)) + Array(repeating: UInt8(ascii: "0"), count: max(0, point - all.count))
            while whole.count > 1, whole.first == UInt8(ascii: "0") { whole.removeFirst() }
            if whole.isEmpty || whole.allSatisfy({ $0 == UInt8(ascii: "0") }) { whole = [UInt8(ascii: "0")] }
            var decimals: [UInt8] =
                point < 0
                ? Array(repeating: UInt8(ascii: "0"), count: -point) + all : Array(all.dropFirst(max(0, point)))
            if decimals.count < scale {
                decimals += Array(repeating: UInt8(ascii: "0"), count: scale - decimals.count)
            }
            decimals = Array(decimals.prefix(scale))
            if negative, all.contains(where: { $0 != UInt8(ascii: "0") }) { output.append(UInt8(ascii: "-")) }
            output += whole
            if scale > 0 {
                output.append(UInt8(ascii: "."))
                output += decimals
            }
            return true
        }

        private mutating func digits() -> [UInt8] {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return Array(bytes[start..<index])
        }

        /// A string literal as jsonb prints it.
        static func append(string scalars: [Unicode.Scalar], to output: inout [UInt8]) {
            output.append(UInt8(ascii: "\""))
            for scalar in scalars {
                switch scalar {
                case "\"": output += Array("\\\"".utf8)
                case "\\": output += Array("\\\\".utf8)
                case "\u{8}": output += Array("\\b".utf8)
                case "\u{C}": output += Array("\\f".utf8)
                case "\n": output += Array("\\n".utf8)
                case "\r": output += Array("\\r".utf8)
                case "\t": output += Array("\\t".utf8)
                case "\u{0}"..."\u{1F}":
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    output += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                default: output += Array(String(scalar).utf8)
                }
            }
            output.append(UInt8(ascii: "\""))
        }
    }
}
