import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Model
final class Measurement {
    var name: String
    var value: Double
    var reading: Double?

    init(name: String, value: Double, reading: Double? = nil) {
        self.name = name
        self.value = value
        self.reading = reading
    }
}

/// A model holds any `Double`, and what a save stores is what a fetch in a new process
/// reads. SQLite stores a NaN bound as a REAL as NULL, so NaN cannot round-trip: the save
/// refuses it and names the property (OpenSwiftData's documented divergence, in the porting
/// guide), rather than storing NULL (an optional would read back `nil`, a non-optional
/// would stop the program). Infinities and the extremes of `Double` round-trip.
struct NotANumberTests {
    @Test("a NaN is refused at save, naming the property; a retry with a number saves it")
    func notANumberIsRefused() throws {
        let folder = TemporaryFolder()
        let url = folder.file("measurements.sqlite")
        let container = try ModelContainer(for: Measurement.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let plain = Measurement(name: "plain", value: .nan)
        context.insert(plain)
        expectCause(
            .valueNotStored(entity: "Measurement", property: "value", reason: "\(AttributeEncodingError.notANumber)")
        ) {
            try context.save()
        }
        plain.value = 1.5
        try context.save()

        let optional = Measurement(name: "optional", value: 2, reading: .nan)
        context.insert(optional)
        expectCause(
            .valueNotStored(entity: "Measurement", property: "reading", reason: "\(AttributeEncodingError.notANumber)")
        ) {
            try context.save()
        }
        optional.reading = nil
        try context.save()
        plain.value = -.nan
        expectCause(
            .valueNotStored(entity: "Measurement", property: "value", reason: "\(AttributeEncodingError.notANumber)")
        ) {
            try context.save()
        }
        context.rollback()

        let rows = try readStoreFile(url) { db -> [String] in
            try Row.fetchAll(db, sql: "SELECT name, value, reading FROM Measurement ORDER BY name").map { row in
                let name: String = row[0]
                let value: Double = row[1]
                let reading: Double? = row[2]
                return "\(name) \(value) \(reading.map { "\($0)" } ?? "NULL")"
            }
        }
        #expect(rows == ["optional 2.0 NULL", "plain 1.5 NULL"])
    }

    @Test("infinities and the extremes of Double round-trip through the store file")
    func infinitiesRoundTrip() throws {
        let folder = TemporaryFolder()
        let url = folder.file("measurements.sqlite")
        let values: [Double] = [.infinity, -.infinity, .greatestFiniteMagnitude, -.leastNonzeroMagnitude]
        do {
            let container = try ModelContainer(for: Measurement.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            for (index, value) in values.enumerated() {
                context.insert(Measurement(name: "m\(index)", value: value, reading: value))
            }
            try context.save()
        }
        let container = try ModelContainer(for: Measurement.self, configurations: ModelConfiguration(url: url))
        let read = try ModelContext(container).fetch(FetchDescriptor<Measurement>(sortBy: [SortDescriptor(\.name)]))
        #expect(read.map(\.value).map(\.bitPattern) == values.map(\.bitPattern))
        #expect(read.map(\.reading) == values.map(Optional.init))
    }
}
