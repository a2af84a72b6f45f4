import Foundation
import Testing

@testable import OpenSwiftData

@Suite("Store layouts, computed once per list of entities")
struct StoreLayoutCacheTests {
    @Test("each schema gets the layout of its own entities, in its own order, however many came before")
    func layoutPerEntityList() {
        let lists: [[any PersistentModel.Type]] = [
            [Note.self], [Trip.self], [Note.self, AllTypes.self], [AllTypes.self, Note.self], [AllTypes.self],
        ]
        // Twice over: the second round is answered from the cache.
        for _ in 0..<2 {
            for types in lists {
                let schema = Schema(types)
                #expect(schema.layout.entities.map(\.name) == schema.entities.map(\.name))
                #expect(Set(schema.layout.shapes.keys) == Set(schema.entities.map(\.name)))
            }
        }
        let descriptors = [EntityDescriptor.known(Note.self), EntityDescriptor.known(AllTypes.self)]
        let cached = StoreLayout.of(descriptors)
        let computed = StoreLayout(entities: descriptors)
        #expect(cached.hashes == computed.hashes)
        #expect(cached.entities.map(ObjectIdentifier.init) == computed.entities.map(ObjectIdentifier.init))
    }
}
