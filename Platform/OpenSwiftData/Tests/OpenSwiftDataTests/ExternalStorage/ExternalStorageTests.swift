import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// `@Attribute(.externalStorage)`: large values in files beside the store, rows holding
/// their names, and no file missing or left behind whatever a save does.
@Suite("External storage")
struct ExternalStorageTests {
    private func externalFiles(_ folder: TemporaryFolder, _ name: String = "store.sqlite") -> Set<String> {
        ExternalDataFolder(storeURL: folder.file(name)).fileNames()
    }

    @Test("a large value goes to a file named in its row; a small one stays in the row")
    func largeValueInFile() throws {
        let folder = TemporaryFolder()
        let image = largeData(1)
        let container = try makeContainer([Photo.self], folder: folder)
        let context = ModelContext(container)
        let photo = Photo(title: "big", image: image)
        photo.inline = image
        photo.thumbnail = Data(repeating: 7, count: 100)
        context.insert(photo)
        context.insert(Photo(title: "small", image: Data(repeating: 1, count: ExternalDataFolder.threshold)))
        try context.save()

        let rows = try readSQL(container) { db in
            try Row.fetchAll(
                db,
                sql: "SELECT title, typeof(image), image, typeof(thumbnail), typeof(inline) FROM Photo ORDER BY title")
        }
        #expect(rows.map { $0[1] as String } == ["text", "blob"])
        #expect(rows.map { $0[3] as String } == ["blob", "blob"])
        #expect(rows.map { $0[4] as String } == ["blob", "null"], "no external storage without the option")
        let name: String = rows[0][2]
        #expect(externalFiles(folder) == [name])
        let file = folder.url.appending(path: "store.sqlite_SUPPORT/_EXTERNAL_DATA/\(name)")
        #expect(try Data(contentsOf: file) == image)
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test("a transformable attribute's large data goes to a file too, and reads back through its transformer")
    func transformableInFile() throws {
        let folder = TemporaryFolder()
        let words = (0..<20_000).map { "word-\($0)" }
        do {
            let container = try makeContainer([WordList.self], folder: folder)
            let context = ModelContext(container)
            context.insert(WordList(words: words))
            try context.save()
        }
        #expect(externalFiles(folder).count == 1)
        let container = try makeContainer([WordList.self], folder: folder)
        #expect(try ModelContext(container).fetch(FetchDescriptor<WordList>()).first?.words == words)
    }

    @Test("a fetched model reads the file on first access, in a new container on the same file")
    func fetchedModelLoadsFile() throws {
        let folder = TemporaryFolder()
        let image = largeData(2)
        do {
            let container = try makeContainer([Photo.self], folder: folder)
            let context = ModelContext(container)
            context.insert(Photo(title: "big", image: image))
            try context.save()
        }
        let container = try makeContainer([Photo.self], folder: folder)
        let photo = try #require(try ModelContext(container).fetch(FetchDescriptor<Photo>()).first)
        let index = try #require(photo.persistentBackingData.entity.propertyIndexByName["image"])
        guard case .text = photo.persistentBackingData.storedValue(at: index) else {
            Issue.record("the fetch read the file")
            return
        }
        #expect(photo.image == image)
        #expect(photo.persistentBackingData.storedValue(at: index) == .blob(image), "kept once read")
    }

    @Test("replacing or deleting a value removes its file once the save has committed")
    func replacedAndDeletedFilesGo() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Photo.self], folder: folder)
        let context = ModelContext(container)
        let photo = Photo(title: "big", image: largeData(3))
        context.insert(photo)
        try context.save()
        let first = externalFiles(folder)
        #expect(first.count == 1)

        photo.image = largeData(4)
        try context.save()
        let second = externalFiles(folder)
        #expect(second.count == 1)
        #expect(second.isDisjoint(with: first))

        photo.image = Data([1, 2, 3])
        try context.save()
        #expect(externalFiles(folder).isEmpty, "a small value goes back into the row")

        photo.image = largeData(5)
        try context.save()
        #expect(externalFiles(folder).count == 1)
        context.delete(photo)
        try context.save()
        #expect(externalFiles(folder).isEmpty)
    }

    @Test("a model inserted with the unique value of a stored one replaces its row and its file")
    func upsertReplacesFile() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Photo.self], folder: folder)
        let context = ModelContext(container)
        context.insert(Photo(title: "same", image: largeData(6)))
        try context.save()
        let first = externalFiles(folder)
        let other = ModelContext(container)
        other.insert(Photo(title: "same", image: largeData(7)))
        try other.save()
        let second = externalFiles(folder)
        #expect(second.count == 1)
        #expect(second.isDisjoint(with: first))
        let fetched = try ModelContext(container).fetch(FetchDescriptor<Photo>())
        #expect(fetched.map(\.image) == [largeData(7)])
    }

    @Test("a save that fails leaves the old file in place and no new file behind")
    func failedSaveLeavesNoOrphan() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Photo.self], folder: folder)
        let context = ModelContext(container)
        let photo = Photo(title: "big", image: largeData(8))
        context.insert(photo)
        try context.save()
        let kept = externalFiles(folder)
        try container.stores.stores[0].writer.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER refuse_update BEFORE UPDATE ON Photo BEGIN SELECT RAISE(ABORT, 'refused'); END;
                    CREATE TRIGGER refuse_insert BEFORE INSERT ON Photo BEGIN SELECT RAISE(ABORT, 'refused'); END;
                    """)
        }
        photo.image = largeData(9)
        context.insert(Photo(title: "new", image: largeData(10)))
        #expect(throws: SwiftDataError.self) { try context.save() }
        #expect(externalFiles(folder) == kept)
        try container.stores.stores[0].writer.write { db in
            try db.execute(sql: "DROP TRIGGER refuse_update; DROP TRIGGER refuse_insert")
        }
        try context.save()
        #expect(externalFiles(folder).count == 2)
        #expect(externalFiles(folder).isDisjoint(with: kept))
    }

    @Test("a file where the support folder should be: the store is not writable, and a save of large data fails whole")
    func unwritableSupportFolder() throws {
        let folder = TemporaryFolder()
        let url = folder.file("store.sqlite")
        let container = try makeContainer([Photo.self], folder: folder)
        #expect(StoreFile(url: url).isWritable)
        try Data("blocker".utf8).write(to: StoreFile(url: url).supportFolderURL)
        #expect(!StoreFile(url: url).isWritable)
        let context = ModelContext(container)
        context.insert(Photo(title: "small", image: Data([1])))
        context.insert(Photo(title: "big", image: largeData(22)))
        #expect {
            try context.save()
        } throws: { error in
            guard case .io(_, let detail)? = (error as? SwiftDataError)?.cause else { return false }
            return detail.contains("store.sqlite_SUPPORT")
        }
        #expect(context.hasChanges)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Photo>()) == 0)
    }

    @Test("a value replaced by another context since a model was read is read from the row as it is now")
    func staleReferenceReadsCurrentValue() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Photo.self], folder: folder)
        let writer = ModelContext(container)
        let photo = Photo(title: "big", image: largeData(11))
        writer.insert(photo)
        try writer.save()
        let stale = try #require(try ModelContext(container).fetch(FetchDescriptor<Photo>()).first)
        photo.image = largeData(12)
        try writer.save()
        #expect(stale.image == largeData(12))
    }

    @Test("a deleted model's preserved value is kept in its history tombstone, not in the removed file")
    func tombstoneKeepsBytes() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Photo.self], folder: folder)
        let context = ModelContext(container)
        let photo = Photo(title: "big")
        photo.thumbnail = largeData(13)
        context.insert(photo)
        try context.save()
        #expect(externalFiles(folder).count == 1)
        context.delete(photo)
        try context.save()
        #expect(externalFiles(folder).isEmpty)
        let values = try readSQL(container) { db in
            try Row.fetchAll(db, sql: "SELECT typeof(value), value FROM openswiftdata_history_tombstones")
        }
        #expect(values.map { $0[0] as String } == ["blob"])
        #expect(values.first.map { $0[1] as Data } == largeData(13))
    }

    @Test("erase() removes the external data with the rows")
    func eraseRemovesFiles() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Photo.self], folder: folder)
        let context = ModelContext(container)
        context.insert(Photo(title: "a", image: largeData(14)))
        context.insert(Photo(title: "b", image: largeData(15)))
        try context.save()
        #expect(externalFiles(folder).count == 2)
        try container.erase()
        #expect(externalFiles(folder).isEmpty)
    }

    @Test("an in-memory store keeps every value in its rows")
    func inMemoryStoreKeepsRows() throws {
        let container = try makeInMemoryContainer([Photo.self])
        let context = ModelContext(container)
        context.insert(Photo(title: "big", image: largeData(16)))
        try context.save()
        let types = try readSQL(container) { db in try String.fetchAll(db, sql: "SELECT typeof(image) FROM Photo") }
        #expect(types == ["blob"])
        #expect(try ModelContext(container).fetch(FetchDescriptor<Photo>()).first?.image == largeData(16))
    }

    @Test("a predicate on an externally stored attribute is evaluated in memory, with the file's bytes")
    func predicateComparesBytes() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer([Photo.self], folder: folder)
        let context = ModelContext(container)
        context.insert(Photo(title: "big", image: largeData(17)))
        context.insert(Photo(title: "other", image: largeData(18)))
        try context.save()
        let wanted = largeData(17)
        let predicate = #Predicate<Photo> { $0.image == wanted }
        #expect(PredicateTranslator.condition(for: predicate, entity: try EntityDescriptor.of(Photo.self)) == nil)
        let fetched = try ModelContext(container).fetch(FetchDescriptor(predicate: predicate))
        #expect(fetched.map(\.title) == ["big"])
    }

    @Test("without the option, values already in files are still read, and saved back into the row")
    func droppingTheOption() throws {
        let folder = TemporaryFolder()
        do {
            let container = try makeContainer([Photo.self], folder: folder)
            let context = ModelContext(container)
            context.insert(Photo(title: "big", image: largeData(19)))
            try context.save()
        }
        let container = try makeContainer([PhotoWithoutExternalStorage.Photo.self], folder: folder)
        let context = ModelContext(container)
        let photo = try #require(try context.fetch(FetchDescriptor<PhotoWithoutExternalStorage.Photo>()).first)
        #expect(photo.image == largeData(19))
        photo.image = largeData(20)
        try context.save()
        #expect(externalFiles(folder).isEmpty)
        let types = try readSQL(container) { db in try String.fetchAll(db, sql: "SELECT typeof(image) FROM Photo") }
        #expect(types == ["blob"])
    }

    @Test("a row naming a missing file is reported by the integrity check")
    func integrityReportsMissingFile() throws {
        let folder = TemporaryFolder()
        let url = folder.file("store.sqlite")
        do {
            let container = try makeContainer([Photo.self], folder: folder)
            let context = ModelContext(container)
            context.insert(Photo(title: "big", image: largeData(21)))
            try context.save()
        }
        #expect(StoreFile(url: url).checkIntegrity() == .ok)
        let name = try #require(externalFiles(folder).first)
        try FileManager.default.removeItem(at: ExternalDataFolder(storeURL: url).fileURL(name))
        guard case .problems(let problems) = StoreFile(url: url).checkIntegrity() else {
            Issue.record("no problem reported")
            return
        }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("Photo.image of row 1 names the external data file \(name)") == true)
    }

    @Test("a reference that is not a file name of the folder is refused, not followed")
    func invalidReferenceRefused() {
        let folder = ExternalDataFolder(storeURL: URL(fileURLWithPath: "/tmp/x.sqlite"))
        #expect(throws: ExternalDataError.self) { try folder.fileURL("../../etc/passwd") }
    }
}
