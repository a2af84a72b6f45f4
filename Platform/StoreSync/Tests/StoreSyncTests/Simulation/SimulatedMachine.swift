import Foundation
import OpenSwiftData
import OpenSwiftDataTesting

/// A machine of the simulation: a data folder, its store (closed while another process
/// syncs the folder, and opened again after, as the next run of a program would), and
/// its clock's offset, which every save it makes is recorded with.
final class SimulatedMachine {
    let index: Int
    let folder: TemporaryFolder
    let clockOffset: TimeInterval
    /// The release of the program it runs (``NewerRelease``).
    let release: Machine.Release
    private var open: Machine?

    init(index: Int, clockOffset: TimeInterval, release: Machine.Release = .current) throws {
        self.index = index
        self.clockOffset = clockOffset
        self.release = release
        folder = TemporaryFolder(prefix: "StoreSyncSimulation")
        try reopen()
    }

    /// The open store.
    var machine: Machine {
        get throws {
            guard let open else { throw SimulationError(description: "machine \(index) has no open store") }
            return open
        }
    }

    /// Opens the data folder again, as the next run of the program.
    func reopen() throws {
        open = nil
        let machine = try Machine(opening: folder, release: release)
        machine.clockOffset = clockOffset
        open = machine
    }

    /// Runs `body` while this process has the store closed.
    func closed<Result>(_ body: () async throws -> Result) async throws -> Result {
        open = nil
        let result: Result
        do {
            result = try await body()
        } catch {
            try reopen()
            throw error
        }
        try reopen()
        return result
    }

    /// The titles of the memos this machine holds, sorted.
    func memoTitles() throws -> [String] {
        try machine.memos().compactMap(\.title)
    }

    /// The movies of the schedule this machine holds (not those of ``HostileRecord``s),
    /// sorted, each once.
    func movieIDs() throws -> [Int] {
        Array(Set(try machine.movies().compactMap(\.movie).filter { $0 < HostileRecord.firstMovie })).sorted()
    }

    func addMemo(title: String, rating: Double) throws {
        let machine = try machine
        let context = ModelContext(machine.container)
        context.insert(Memo(title: title, rating: rating))
        try machine.save(context)
    }

    func editMemo(title: String, rating: Double, tags: [String]) throws {
        let machine = try machine
        let context = ModelContext(machine.container)
        for memo in try context.fetch(FetchDescriptor<Memo>(predicate: #Predicate { $0.title == title })) {
            memo.rating = rating
            memo.tags = tags
        }
        try machine.save(context)
    }

    /// The names of the folders this machine holds, sorted.
    func folderNames() throws -> [String] {
        try ModelContext(machine.container).fetch(FetchDescriptor<Folder>()).compactMap(\.name).sorted()
    }

    func addFolder(name: String, note: String) throws {
        let machine = try machine
        let context = ModelContext(machine.container)
        context.insert(Folder(name: name, note: note))
        try machine.save(context)
    }

    func editFolder(name: String, note: String) throws {
        let machine = try machine
        let context = ModelContext(machine.container)
        for folder in try context.fetch(FetchDescriptor<Folder>(predicate: #Predicate { $0.name == name })) {
            folder.note = note
        }
        try machine.save(context)
    }

    /// Deletes the folder model by model, as an app does: its delete rule clears the
    /// folder of its memos, a change of each memo; returns their titles.
    func removeFolder(name: String) throws -> [String] {
        let machine = try machine
        let context = ModelContext(machine.container)
        var cleared: [String] = []
        for folder in try context.fetch(FetchDescriptor<Folder>(predicate: #Predicate { $0.name == name })) {
            cleared += (folder.memos ?? []).compactMap(\.title)
            context.delete(folder)
        }
        try machine.save(context)
        return cleared
    }

    /// Files the memo in the folder (none for nil); returns the memo's value as this
    /// machine holds it, which its record carries.
    func file(memo title: String, in folderName: String?) throws -> String {
        let machine = try machine
        let context = ModelContext(machine.container)
        let folder = try folderName.flatMap { name in
            try context.fetch(FetchDescriptor<Folder>(predicate: #Predicate { $0.name == name })).first
        }
        var value = ""
        for memo in try context.fetch(FetchDescriptor<Memo>(predicate: #Predicate { $0.title == title })) {
            memo.folder = folder
            value = Replica.memoValue(rating: memo.rating, tags: memo.tags)
        }
        try machine.save(context)
        return value
    }

    /// The value of each memo this machine holds, by title.
    func memoValues() throws -> [String: String] {
        Dictionary(
            try machine.memos().map { ($0.title ?? "-", Replica.memoValue(rating: $0.rating, tags: $0.tags)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The machine's backup of its store, once it made one.
    private(set) var backup: URL?

    /// Backs the store up, replacing the earlier backup, with the store open (as
    /// `popcorn stores backup` does).
    func backUp() throws {
        let made = try StoreFile(url: folder.file("notes.sqlite")).backup(label: "simulation")
        if let backup, backup != made { try? FileManager.default.removeItem(at: backup) }
        backup = made
    }

    /// Puts the store back from its backup, with the store closed; false without a backup.
    func restore() async throws -> Bool {
        guard let backup else { return false }
        let store = StoreFile(url: folder.file("notes.sqlite"))
        _ = try await closed { try store.restore(from: backup) }
        return true
    }

    /// Puts the memo on the shelf (made if this machine has none of that name), or takes
    /// it off when it is on it; returns whether it is on it after.
    func toggle(memo title: String, onShelf name: String) throws -> Bool {
        let machine = try machine
        let context = ModelContext(machine.container)
        let shelf: Shelf
        if let held = try context.fetch(FetchDescriptor<Shelf>(predicate: #Predicate { $0.name == name })).first {
            shelf = held
        } else {
            shelf = Shelf(name: name)
            context.insert(shelf)
        }
        let memos = shelf.memos ?? []
        let isOn = memos.contains { $0.title == title }
        if isOn {
            shelf.memos = memos.filter { $0.title != title }
        } else {
            shelf.memos =
                memos + (try context.fetch(FetchDescriptor<Memo>(predicate: #Predicate { $0.title == title })))
        }
        try machine.save(context)
        return !isOn
    }

    func removeMemo(title: String) throws {
        let machine = try machine
        let context = ModelContext(machine.container)
        try context.delete(model: Memo.self, where: #Predicate { $0.title == title })
        try machine.save(context)
    }
}

/// The simulation could not run a step (not a finding about sync).
struct SimulationError: Error, CustomStringConvertible {
    let description: String
}
