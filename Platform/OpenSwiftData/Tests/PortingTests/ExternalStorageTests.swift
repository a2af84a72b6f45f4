import Foundation
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
}
