import Foundation
import OpenSwiftData
import StoreSyncTesting

/// What identifies an entry to a person: a watchlist entry by its movie (a domain key,
/// so the same movie added on two machines is one record), a memo by its title (no
/// domain key: the simulation gives each memo it adds a title of its own).
enum EntryKey: Hashable, Comparable, CustomStringConvertible {
    case movie(Int)
    /// A movie's rating, an attribute of a newer release's watchlist entry
    /// (``NewerRelease``): on that release's machine and the server only.
    case movieRating(Int)
    case memo(String)
    /// A folder, by its name (given when it is added, never changed).
    case folder(String)
    /// The folder a memo is filed in: checked for agreement between the replicas only,
    /// since a folder's removal changes it without an edit of its own.
    case filing(String)
    /// A memo on a shelf (shelf, memo title): present, or absent. Its claims are those of
    /// an add-wins set (``CausalHistory/violations(in:)``).
    case shelved(String, String)

    var description: String {
        switch self {
        case .movie(let movie): "movie \(movie)"
        case .movieRating(let movie): "rating of movie \(movie)"
        case .memo(let title): "memo \(title)"
        case .folder(let name): "folder \(name)"
        case .filing(let title): "filing of memo \(title)"
        case .shelved(let shelf, let title): "memo \(title) on shelf \(shelf)"
        }
    }

    static func < (lhs: EntryKey, rhs: EntryKey) -> Bool { lhs.description < rhs.description }
}

/// The live entries of one replica (a machine's store, or the server's records that are
/// not tombstones), as the values the simulation's edits set: a movie's note, a memo's
/// rating and tags. More than one value for a key is a duplicate.
struct Replica: Equatable, CustomStringConvertible {
    private(set) var values: [EntryKey: [String]] = [:]

    mutating func add(_ key: EntryKey, _ value: String) {
        values[key, default: []].append(value)
        values[key]?.sort()
    }

    /// The replica without what only a machine of the newer release holds
    /// (``EntryKey/movieRating(_:)``): what a machine of this release must hold.
    var withoutNewerFields: Replica {
        var replica = self
        replica.values = values.filter { if case .movieRating = $0.key { false } else { true } }
        return replica
    }

    static func memoValue(rating: Double, tags: [String]) -> String {
        "rating \(Int(rating)) tags [\(tags.joined(separator: ","))]"
    }

    var description: String {
        values.keys.sorted().map { "\($0) = \(values[$0, default: []].joined(separator: " + "))" }.joined(
            separator: "; ")
    }

    /// A machine's store.
    init(_ machine: Machine) throws {
        for movie in try machine.movies() where (movie.movie ?? -1) < HostileRecord.firstMovie {
            add(.movie(movie.movie ?? -1), movie.note ?? "-")
            if let rating = movie.rating { add(.movieRating(movie.movie ?? -1), "r\(rating)") }
        }
        for memo in try machine.memos() {
            add(.memo(memo.title ?? "-"), Self.memoValue(rating: memo.rating, tags: memo.tags))
            add(.filing(memo.title ?? "-"), memo.folder?.name ?? "-")
        }
        for folder in try ModelContext(machine.container).fetch(FetchDescriptor<Folder>()) {
            add(.folder(folder.name ?? "-"), folder.note ?? "-")
        }
        for shelf in try ModelContext(machine.container).fetch(FetchDescriptor<Shelf>()) {
            for memo in shelf.memos ?? [] { add(.shelved(shelf.name ?? "-", memo.title ?? "-"), "on") }
        }
    }

    /// The server's records of the store `notes`, without tombstones.
    init(server url: String) async throws {
        // A memo's folder is the live folder its record names (a record may name one
        // deleted since, which no machine links).
        let rows = try await TestPostgres.execute(
            """
            SELECT entity, fields->>'movieID', fields->>'note', fields->>'title', fields->>'rating',
                (SELECT string_agg(tag, ',') FROM jsonb_array_elements_text(fields->'tags') AS tag),
                fields->>'name',
                (SELECT f.fields->>'name' FROM storesync_records_notes f
                 WHERE f.record_name::text = lower(r.fields->>'folder') AND NOT f.deleted),
                (SELECT string_agg(m.fields->>'title', ',') FROM storesync_records_notes m
                 WHERE m.entity = 'Memo' AND NOT m.deleted AND r.fields->'memos' ? upper(m.record_name::text))
            FROM storesync_records_notes r WHERE NOT deleted AND jsonb_typeof(r.fields) = 'object'
            """, on: url)
        for row in rows {
            let (entity, movie, note, title, rating, tags, name, folder, shelved) = try row.decode(
                (String, String?, String?, String?, String?, String?, String?, String?, String?).self)
            if entity == "WatchedMovie" {
                // The hostile records are checked apart (``SyncSimulation``).
                let movie = movie.flatMap { Int($0) } ?? -1
                if movie >= HostileRecord.firstMovie { continue }
                add(.movie(movie), note ?? "-")
                // A newer release's field (``NewerRelease``), which this release's records lack.
                if let rating { add(.movieRating(movie), "r\(rating)") }
            } else if entity == "Folder" {
                add(.folder(name ?? "-"), note ?? "-")
            } else if entity == "Shelf" {
                // The memos on it whose records are live: a shelf may name one deleted since.
                for title in shelved?.split(separator: ",") ?? [] { add(.shelved(name ?? "-", String(title)), "on") }
            } else {
                add(.filing(title ?? "-"), folder ?? "-")
                let tagList = tags.map { $0.split(separator: ",").map(String.init) } ?? []
                add(.memo(title ?? "-"), Self.memoValue(rating: rating.flatMap { Double($0) } ?? 0, tags: tagList))
            }
        }
    }
}
