import Foundation
import Logging
import PopcornTestSupport
import Testing

@testable import DataPersistenceInfrastructure

/// A context as small as one can be: one cache store and a remote that names itself.
private final class SampleFactory: ContextInfrastructureFactory {
    static let cacheStore = StoreDescription.cache(
        fileName: "popcorn-sample.sqlite", name: "sample", models: [CachedMovie.self])
    static let storeDescriptions = [cacheStore]
    static let loggerLabel = "PopcornSample"
    let infrastructure: ContextInfrastructure<String>

    init(infrastructure: ContextInfrastructure<String>) {
        self.infrastructure = infrastructure
    }
}

/// The initializer every context's factory shares.
@Suite("ContextInfrastructureFactory: the shared initializer of the contexts' factories")
struct ContextInfrastructureFactoryTests {
    let folder = TemporaryFolder()

    @Test("the stores are the declared ones, in the locations given, none opened yet")
    func declaredStores() {
        let factory = SampleFactory(locations: StoreLocations(under: folder.url), remoteDataSource: "remote")
        #expect(factory.stores.descriptions.map(\.fileName) == ["popcorn-sample.sqlite"])
        #expect(
            factory.stores.url(of: SampleFactory.cacheStore)
                == folder.cacheDirectory.appending(path: "popcorn-sample.sqlite"))
        #expect(factory.stores.locations == StoreLocations(under: folder.url))
        #expect(!FileManager.default.fileExists(atPath: folder.cacheDirectory.path))
        #expect(factory.remoteDataSource == "remote")
    }

    @Test("the logger is labelled after the context unless one is given; the cache policy is the one given")
    func loggerAndPolicy() {
        let clock = TestClock()
        let log = LogRecorder(label: "SampleTests")
        let plain = SampleFactory(locations: StoreLocations(under: folder.url), remoteDataSource: "")
        #expect(plain.stores.logger.label == "PopcornSample")
        #expect(plain.stores.cachePolicy.timeToLive == CachePolicy.defaultTimeToLive)
        let given = SampleFactory(
            locations: StoreLocations(under: folder.url), remoteDataSource: "",
            cachePolicy: CachePolicy(timeToLive: 60, now: clock.read), logger: log.logger)
        #expect(given.stores.logger.label == "SampleTests")
        #expect(given.stores.cachePolicy.timeToLive == 60)
        #expect(given.stores.cachePolicy.now() == clock.now)
    }
}
