import Foundation
import Logging
import OpenSwiftData
import PopcornTestSupport
import Testing

@Model
final class Note {
    var text: String?

    init(text: String) {
        self.text = text
    }
}

@Suite("Test support")
struct PopcornTestSupportTests {
    @Test("a temporary folder exists while held, lists its files, and is removed with them when released")
    func temporaryFolder() throws {
        var folder: TemporaryFolder? = TemporaryFolder(prefix: "SupportTests")
        let url = try #require(folder?.url)
        #expect(url.lastPathComponent.hasPrefix("SupportTests-"))
        try Data("x".utf8).write(to: try #require(folder?.file("b.txt")))
        try Data("y".utf8).write(to: try #require(folder?.file("a.txt")))
        #expect(folder?.fileNames == ["a.txt", "b.txt"])
        #expect(folder?.exists("a.txt") == true)
        #expect(folder?.exists("c.txt") == false)
        #expect(folder?.cacheDirectory.path == url.appending(path: "cache").path)
        #expect(folder?.dataDirectory.path == url.appending(path: "data").path)
        folder = nil
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("a log recorder keeps each message with its level, for every logger it made")
    func logRecorder() {
        let log = LogRecorder(label: "Recorder")
        #expect(log.logger.label == "Recorder")
        log.logger.warning("careful")
        log.makeLogger(label: "other").info("fyi")
        log.logger.debug("details")
        #expect(log.messages == ["careful", "fyi", "details"])
        #expect(log.warnings == ["careful"])
        #expect(log.messages(at: .info) == ["fyi"])
        #expect(log.entries.map(\.level) == [.warning, .info, .debug])
        Logger.quiet.error("dropped")
        #expect(log.entries.count == 3)
    }

    @Test("a test clock starts at a fixed instant and moves only when told")
    func clock() {
        let clock = TestClock()
        #expect(clock.now == TestClock.start)
        let read = clock.read
        clock.advance(by: 90)
        #expect(read() == TestClock.start.addingTimeInterval(90))
        #expect(TestClock(start: .distantPast).now == .distantPast)
    }

    @Test("a repository fixture makes its factory from its folder, its clock and its remote")
    func repositoryFixture() throws {
        struct Made {
            let folder: URL
            let now: @Sendable () -> Date
            let remote: String
        }
        let fixture = RepositoryFixture(remote: "remote") { Made(folder: $0, now: $1, remote: $2) }
        #expect(fixture.factory.folder == fixture.folder.url)
        #expect(fixture.factory.remote == "remote")
        #expect(fixture.remote == "remote")
        fixture.clock.advance(by: 60)
        #expect(fixture.factory.now() == TestClock.start.addingTimeInterval(60))
        let url = fixture.folder.url
        #expect(FileManager.default.fileExists(atPath: url.path))
    }

    @Test("store inspection counts rows from outside, and fails for an entity the store lacks")
    func storeInspection() throws {
        let folder = TemporaryFolder()
        let url = folder.file("notes.sqlite")
        let container = try ModelContainer(for: Schema([Note.self]), configurations: [ModelConfiguration(url: url)])
        let context = ModelContext(container)
        for text in ["a", "b"] { context.insert(Note(text: text)) }
        try context.save()
        #expect(try StoreReading.count(Note.self, in: container) == 2)
        #expect(
            try StoreReading.all(Note.self, in: container, sortBy: [SortDescriptor(\.text)]).map(\.text) == ["a", "b"])
        #expect(try StoreReading.rowCount(of: "Note", at: url) == 2)
        #expect(throws: StoreReading.Failure.self) { try StoreReading.rowCount(of: "Other", at: url) }
        #expect(StoreReading.fileExists(url))
        #expect(StoreReading.fileSize(url) > 0)
        #expect(StoreReading.fileSize(folder.file("none")) == 0)
    }

    enum RemoteFailure: Error, Equatable { case offline }

    @Test("a call recorder keeps the calls in order and throws the failure it is told to")
    func callRecorder() throws {
        let recorder = CallRecorder<RemoteFailure>()
        try recorder.record("first")
        recorder.fail(with: .offline)
        #expect(throws: RemoteFailure.offline) { try recorder.record("second") }
        recorder.fail(with: nil)
        try recorder.record("third")
        #expect(recorder.calls == ["first", "second", "third"])
        #expect(recorder.callCount == 3)
    }
}
