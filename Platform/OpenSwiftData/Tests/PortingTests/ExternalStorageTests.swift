import Foundation
import OpenSwiftData
import SwiftData
import Testing

@Model
final class Attachment {
    var fileName: String
    @Attribute(.externalStorage) var contents: Data

    init(fileName: String, contents: Data) {
        self.fileName = fileName
        self.contents = contents
    }
}

@Suite("@Attribute(.externalStorage)")
struct ExternalStorageTests {
    @Test("large data is kept in a file beside the store, read back after reopening, and removed with its model")
    func largeDataBesideTheStore() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "PortingTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "attachments.store")
        let contents = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let external = folder.appending(path: "attachments.store_SUPPORT/_EXTERNAL_DATA")
        func files() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: external.path)) ?? [] }
        do {
            let container = try ModelContainer(for: Attachment.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            context.insert(Attachment(fileName: "scan.pdf", contents: contents))
            context.insert(Attachment(fileName: "note.txt", contents: Data("hello".utf8)))
            try context.save()
        }
        #expect(files().count == 1)

        let backup = try StoreFile(url: url).backup(label: "manual")
        let container = try ModelContainer(for: Attachment.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let scan = try #require(
            try context.fetch(FetchDescriptor<Attachment>(predicate: #Predicate { $0.fileName == "scan.pdf" })).first)
        #expect(scan.contents == contents)
        context.delete(scan)
        try context.save()
        #expect(files().isEmpty)

        let restored = try ModelContainer(for: Attachment.self, configurations: ModelConfiguration(url: backup))
        let copy = try ModelContext(restored).fetch(FetchDescriptor<Attachment>(sortBy: [SortDescriptor(\.fileName)]))
        #expect(copy.map(\.fileName) == ["note.txt", "scan.pdf"])
        #expect(copy.last?.contents == contents)
    }

    @Test("with several configurations, large data is kept beside the store of its model's configuration")
    func largeDataBesideItsOwnStore() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "PortingTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let attachments = folder.appending(path: "attachments.store")
        let notes = folder.appending(path: "notes.store")
        func files(_ store: URL) -> [String] {
            let external = store.deletingLastPathComponent().appending(
                path: store.lastPathComponent + "_SUPPORT/_EXTERNAL_DATA")
            return (try? FileManager.default.contentsOfDirectory(atPath: external.path)) ?? []
        }
        let contents = Data((0..<500_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        let configurations = [
            ModelConfiguration("Notes", schema: Schema([Preference.self]), url: notes),
            ModelConfiguration("Attachments", schema: Schema([Attachment.self]), url: attachments),
        ]
        do {
            let container = try ModelContainer(
                for: Schema([Preference.self, Attachment.self]), configurations: configurations)
            let context = ModelContext(container)
            context.insert(Attachment(fileName: "scan.pdf", contents: contents))
            context.insert(Preference(key: "theme", value: "dark"))
            try context.save()
        }
        #expect(files(attachments).count == 1 && files(notes).isEmpty)

        let container = try ModelContainer(
            for: Schema([Preference.self, Attachment.self]), configurations: configurations)
        let context = ModelContext(container)
        let scan = try #require(try context.fetch(FetchDescriptor<Attachment>()).first)
        #expect(scan.contents == contents)
        context.delete(scan)
        try context.save()
        #expect(files(attachments).isEmpty)
    }
}
