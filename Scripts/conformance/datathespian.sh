# brightdigit/DataThespian: a package of ModelActor-based database helpers on SwiftData and its
# Swift Testing tests, as its manifest declares them (the library's Swift settings copied from
# it; the tests have none). Its dependency FelinePine (brightdigit's logging package, which
# builds on Linux by `#if canImport(os)`) is its own fetched repository, built by its own
# manifest. The Combine, CoreData and SwiftUI parts are behind `#if canImport(...)` in the
# library and compile away on Linux; no shim is given for them.
REPO=brightdigit/DataThespian
EXTRACT="Sources Tests"
PACKAGES="github:brightdigit/FelinePine"

recipe() {
    SETTINGS='.enableExperimentalFeature("AccessLevelOnImport"), .enableExperimentalFeature("BitwiseCopyable"), .enableExperimentalFeature("GlobalActorIsolatedTypesUsability"), .enableExperimentalFeature("IsolatedAny"), .enableExperimentalFeature("MoveOnlyPartialConsumption"), .enableExperimentalFeature("NestedProtocols"), .enableExperimentalFeature("NoncopyableGenerics"), .enableExperimentalFeature("RegionBasedIsolation"), .enableExperimentalFeature("TransferringArgsAndResults"), .enableExperimentalFeature("VariadicGenerics"), .enableUpcomingFeature("FullTypedThrows"), .enableUpcomingFeature("InternalImportsByDefault")'
    lib DataThespian Sources/DataThespian FelinePine@FelinePine
    SETTINGS=""
    test DataThespianTests Tests/DataThespianTests DataThespian
}
