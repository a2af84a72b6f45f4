import Foundation

/// Small formatters shared by the commands' text output.
enum Formatting {
    /// An instant, in UTC to the second: `2026-11-22 10:15:00Z`.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss'Z'"
        return formatter.string(from: date)
    }

    static func rating(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    static func bytes(_ count: Int) -> String {
        ByteCountFormatter.string(fromByteCount: Int64(count), countStyle: .file)
    }

    /// The first five of the cast, each with the character played.
    static func billing(_ cast: [CastMemberJSON]) -> String {
        cast.prefix(5).map { member in
            member.character.map { "\(member.name) (\($0))" } ?? member.name
        }.joined(separator: ", ")
    }

    /// `Page 1 of 3 · 52 movies`.
    static func pageLine<Item>(_ page: PageJSON<Item>, noun: String) -> String {
        "Page \(page.page) of \(page.totalPages) · \(page.totalResults) \(noun)"
    }
}
