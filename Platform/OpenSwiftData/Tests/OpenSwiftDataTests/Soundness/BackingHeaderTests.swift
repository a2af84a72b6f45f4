import Testing

@testable import OpenSwiftData

/// The header of a model's backing data, which every fetched row allocates: its size, and
/// the fields packed into it.
@Suite("The backing data's header")
struct BackingHeaderTests {
    @Test("the header takes 88 bytes: the key's flag and the value count share a word with the one-byte fields")
    func headerSize() {
        #expect(MemoryLayout<ModelBackingFields>.size == 88)
    }

    @Test("a primary key of 0 or below is a key, and nil is none")
    func primaryKeyRoundTrips() {
        let backing = ModelBackingData.make(for: Stop.self)
        #expect(backing.primaryKey == nil)
        for key: Int64 in [0, -1, 1, .max, .min] {
            backing.primaryKey = key
            #expect(backing.primaryKey == key)
        }
        backing.primaryKey = nil
        #expect(backing.primaryKey == nil)
        #expect(backing.valueCount == EntityDescriptor.known(Stop.self).properties.count)
    }
}
