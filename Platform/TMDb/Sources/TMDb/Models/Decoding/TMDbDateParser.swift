import Foundation

/// Parses the date strings TMDb sends.
///
/// TMDb uses plain calendar dates (`"2019-10-04"`) for release and air dates and
/// ISO 8601 timestamps (`"2019-10-04T00:00:00.000Z"`) in release-date certifications.
/// Dates are interpreted in UTC. The parser is pure arithmetic, so it is `Sendable`
/// and needs no shared `DateFormatter`.
enum TMDbDateParser {
    /// Returns the date for `string`, or `nil` when it is not a valid TMDb date.
    static func parse(_ string: String) -> Date? {
        let scalars = Array(string.utf8)
        guard scalars.count >= 10,
            let year = number(scalars, 0, 4), scalars[4] == UInt8(ascii: "-"),
            let month = number(scalars, 5, 2), scalars[7] == UInt8(ascii: "-"),
            let day = number(scalars, 8, 2),
            (1...12).contains(month), (1...daysInMonth(month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if scalars.count == 10 {
            return Date(timeIntervalSince1970: seconds)
        }
        guard let time = parseTime(scalars[10...]) else { return nil }
        seconds += time
        return Date(timeIntervalSince1970: seconds)
    }

    /// Parses `THH:mm[:ss[.fff]](Z|±HH:MM)` and returns seconds since midnight UTC.
    private static func parseTime(_ slice: ArraySlice<UInt8>) -> Double? {
        let bytes = Array(slice)
        guard bytes.count >= 6, bytes[0] == UInt8(ascii: "T") || bytes[0] == UInt8(ascii: " "),
            let hour = number(bytes, 1, 2), bytes[3] == UInt8(ascii: ":"),
            let minute = number(bytes, 4, 2), hour < 24, minute < 60
        else { return nil }
        var index = 6
        var seconds = Double(hour * 3_600 + minute * 60)
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard let second = number(bytes, index + 1, 2), second < 61 else { return nil }
            seconds += Double(second)
            index += 3
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, let digit = digitValue(bytes[index]) {
                seconds += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        if index == bytes.count { return seconds }
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            return index + 1 == bytes.count ? seconds : nil
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard bytes.count == index + 6, let offsetHours = number(bytes, index + 1, 2),
                bytes[index + 3] == UInt8(ascii: ":"), let offsetMinutes = number(bytes, index + 4, 2)
            else { return nil }
            let offset = Double(offsetHours * 3_600 + offsetMinutes * 60)
            return bytes[index] == UInt8(ascii: "+") ? seconds - offset : seconds + offset
        default:
            return nil
        }
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ length: Int) -> Int? {
        guard start + length <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + length)] {
            guard let digit = digitValue(byte) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
