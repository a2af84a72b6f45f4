import Foundation
import StoreSyncTesting

/// A record no honest release writes, put on the server as a broken server, a bad restore
/// or someone else with the account's password would: each is a watchlist entry of a movie
/// the schedule never uses (``firstMovie`` and up), so that the comparisons leave it out and
/// check it apart (``SyncSimulation``).
enum HostileRecord: Int, CaseIterable, CustomStringConvertible {
    /// A version counter of `Int64.max`: taken into a clock, its next stamp would overflow.
    case highestCounter
    /// A version a year ahead of every clock.
    case yearAhead
    /// A note that is a JSON object, where the model holds a string.
    case malformedValue
    /// Fields that are a JSON array, not an object.
    case fieldsNotAnObject
    /// A valid entry whose note is 2 MB: every machine takes it.
    case hugeNote

    /// The first movie of the hostile records.
    static let firstMovie = 1_000

    /// Whether a machine must take the record as it is (else it must set it aside).
    var isValid: Bool { self == .hugeNote }

    /// The length of a ``hugeNote``'s note.
    static let hugeNoteLength = 2_000_000

    var description: String {
        switch self {
        case .highestCounter: "a version counter of Int64.max"
        case .yearAhead: "a version a year ahead"
        case .malformedValue: "a note that is a JSON object"
        case .fieldsNotAnObject: "fields that are a JSON array"
        case .hugeNote: "a 2 MB note"
        }
    }

    /// Writes the record, as the entry of `movie`, into the store `notes` of the database at
    /// `url`, at the server's next sequence number.
    func write(movie: Int, on url: String) async throws {
        let now = "(extract(epoch FROM clock_timestamp()) * 1000)::int8"
        let (wall, counter): (String, String) =
            switch self {
            case .highestCounter: (now, "9223372036854775807")
            case .yearAhead: ("\(now) + 365 * 86400000::int8", "0")
            default: (now, "0")
            }
        let fields =
            switch self {
            case .malformedValue: #"jsonb_build_object('movieID', \#(movie), 'note', '{"not": "a string"}'::jsonb)"#
            case .fieldsNotAnObject: "'[1, 2]'::jsonb"
            case .hugeNote: "jsonb_build_object('movieID', \(movie), 'note', repeat('h', \(Self.hugeNoteLength)))"
            default: "jsonb_build_object('movieID', \(movie), 'note', 'hostile')"
            }
        _ = try await TestPostgres.execute(
            """
            WITH v AS (SELECT \(wall) AS wall, \(counter)::int8 AS counter, gen_random_uuid() AS device)
            INSERT INTO storesync_records_notes (record_name, entity, fields, field_versions, version_wall,
                version_counter, device, deleted, seq)
            SELECT gen_random_uuid(), 'WatchedMovie', \(fields),
                jsonb_build_object('movieID', lpad(to_hex(wall), 16, '0') || lpad(to_hex(counter), 16, '0') || device,
                    'note', lpad(to_hex(wall), 16, '0') || lpad(to_hex(counter), 16, '0') || device),
                wall, counter, device, false, nextval('storesync_seq')
            FROM v
            """, on: url)
    }
}
