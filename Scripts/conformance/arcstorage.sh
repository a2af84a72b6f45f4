# arclabs-studio/ARCStorage: a storage package (SwiftData, in-memory, UserDefaults backends) and
# its Swift Testing tests, as its manifest declares them. Its declared dependency ARCLogger is
# named in documentation comments only. Left out of the library, for Apple frameworks Linux
# lacks:
#   the CloudKit sync engine and monitor (CloudKit) and the Keychain backend (Security); no test
#     uses them.
#   Features/Cache/CacheManager.swift: its memory-pressure handler declares an `@objc` method
#     outside any `#if` (Objective-C interoperability, which Swift on Linux lacks). With it go
#     the two backends built on it, Implementations/InMemory and Implementations/UserDefaults;
#     the tests of the cache manager and of those backends (CacheManagerTests,
#     InMemoryStorageTests, UserDefaultsStorageTests, RepositoryIntegrationTests) then do not
#     compile and are counted "not compiled". The SwiftData backend does not use the cache.
REPO=arclabs-studio/ARCStorage
EXTRACT="Sources Tests"

recipe() {
    SETTINGS='.enableUpcomingFeature("StrictConcurrency")'
    EXCLUDE="Features/CloudKit/CloudKitSyncEngine.swift Features/CloudKit/CloudKitSyncMonitor.swift Implementations/Keychain Features/Cache/CacheManager.swift Implementations/InMemory Implementations/UserDefaults" \
        lib ARCStorage Sources/ARCStorage
    test ARCStorageTests Tests/ARCStorageTests ARCStorage
}
