import Testing

@testable import PopcornApp

/// Where `popcorn` finds the password it hides in its process arguments.
struct CommandLinePasswordTests {
    private func hidden(_ url: String) -> String? {
        let bytes = Array(url.utf8)
        guard let range = CommandLinePassword.passwordRange(in: bytes[...]) else { return nil }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    @Test("the password of a URL, percent-encoded or holding ':'; nothing when there is none")
    func passwordRange() {
        #expect(hidden("postgres://me:secret@db.example.org:5432/popcorn") == "secret")
        #expect(hidden("postgres://me:se%40cr:et@127.0.0.1/popcorn?sslmode=require") == "se%40cr:et")
        #expect(hidden("postgres://me@127.0.0.1/popcorn") == nil)
        #expect(hidden("postgres://me:@127.0.0.1/popcorn") == nil)
        #expect(hidden("postgres://127.0.0.1/popcorn?user=a@b") == nil)
        #expect(hidden("not a url") == nil)
    }
}
