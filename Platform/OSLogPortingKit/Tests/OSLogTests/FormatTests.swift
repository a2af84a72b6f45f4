import OSLog
import Testing

@Suite("Formats and alignment")
struct FormatTests {
    /// The text `message` is logged as, every value public.
    private func written(_ message: OSLogMessage) -> String {
        let captured = CapturedLog()
        captured.logger().info(message)
        return captured.messages.joined()
    }

    @Test("integers: decimal, hex and octal, with signs, prefixes and minimum digits")
    func integers() {
        let value = 255
        let negative: Int32 = -1
        #expect(written("\(value)") == "255")
        #expect(written("\(value, format: .decimal(minDigits: 5))") == "00255")
        #expect(written("\(value, format: .decimal(explicitPositiveSign: true))") == "+255")
        #expect(written("\(-value, format: .decimal(explicitPositiveSign: true, minDigits: 5))") == "-00255")
        #expect(written("\(UInt8(7), format: .decimal(explicitPositiveSign: true))") == "7")
        #expect(written("\(value, format: .hex)") == "ff")
        #expect(written("\(value, format: .hex(includePrefix: true, uppercase: true))") == "0XFF")
        #expect(written("\(value, format: .hex(includePrefix: true, minDigits: 4))") == "0x00ff")
        #expect(written("\(0, format: .hex(includePrefix: true))") == "0")
        #expect(written("\(negative, format: .hex)") == "ffffffff")
        #expect(written("\(value, format: .octal)") == "377")
        #expect(written("\(value, format: .octal(includePrefix: true))") == "0377")
        #expect(written("\(8, format: .octal(includePrefix: true, minDigits: 4))") == "0010")
        #expect(written("\(UInt64.max) \(Int8.min) \(Int16(-300))") == "18446744073709551615 -128 -300")
    }

    @Test("floating point: fixed with six decimals by default, precision, exponential, hybrid, hex")
    func floatingPoint() {
        let price = 3.14159
        #expect(written("\(price)") == "3.141590")
        #expect(written("\(price, format: .fixed(precision: 2))") == "3.14")
        #expect(written("\(price, format: .fixed(precision: 2, explicitPositiveSign: true))") == "+3.14")
        #expect(written("\(Float(0.5), format: .fixed(precision: 1))") == "0.5")
        #expect(written("\(CGFloat(2), format: .fixed(precision: 0))") == "2")
        #expect(written("\(1234.5, format: .exponential(precision: 2))") == "1.23e+03")
        #expect(written("\(1234.5, format: .exponential(precision: 2, uppercase: true))") == "1.23E+03")
        #expect(written("\(0.0001, format: .hybrid)") == "0.0001")
        #expect(written("\(123_456_789.0, format: .hybrid(precision: 3))") == "1.23e+08")
        #expect(written("\(1.0, format: .hex)") == "0x1p+0")
        #expect(written("\(Double.infinity, format: .fixed(uppercase: true))") == "INF")
    }

    @Test("booleans: truth and answer")
    func booleans() {
        #expect(
            written("\(true) \(false, format: .truth) \(true, format: .answer) \(false, format: .answer)")
                == "true false YES NO")
    }

    @Test("align pads to columns, left or right, and leaves a longer value whole")
    func alignment() {
        let name = "Ada"
        #expect(written("[\(name, align: .left(columns: 6), privacy: .public)]") == "[Ada   ]")
        #expect(written("[\(name, align: .right(columns: 6), privacy: .public)]") == "[   Ada]")
        #expect(written("[\(42, align: .right(columns: 5))]") == "[   42]")
        #expect(written("[\(1.5, format: .fixed(precision: 1), align: .left(columns: 5))]") == "[1.5  ]")
        #expect(written("[\(name, align: .right(columns: 2), privacy: .public)]") == "[Ada]")
        #expect(written("[\(name, align: .left(columns: 10))]") == "[<private> ]")
    }

    @Test("descriptions of values, objects, errors and types")
    func descriptions() {
        struct Point: CustomStringConvertible {
            let x: Int, y: Int
            var description: String { "(\(x), \(y))" }
        }
        struct Failure: Error, CustomStringConvertible {
            var description: String { "disk full" }
        }
        let error: any Error = Failure()
        let number = NSNumber(value: 12)
        #expect(written("\(Point(x: 1, y: 2), privacy: .public)") == "(1, 2)")
        #expect(written("\(Failure(), privacy: .public)") == "disk full")
        #expect(written("\(String(describing: error), privacy: .public)") == "disk full")
        #expect(written("\(error, privacy: .public) \(error)") == "disk full <private>")
        #expect(
            written("\(CocoaError(.fileNoSuchFile), privacy: .public)")
                == String(describing: CocoaError(.fileNoSuchFile)))
        let nsError = NSError(domain: "Example", code: 7)
        #expect(written("\(nsError, privacy: .public)") == nsError.description)
        #expect(written("\(error.localizedDescription, privacy: .public)") == error.localizedDescription)
        #expect(written("\(number, privacy: .public)") == "12")
        #expect(
            written("\(Point.self, privacy: .public) \(type(of: 1), align: .left(columns: 4), privacy: .public)|")
                == "Point Int |")
    }
}
