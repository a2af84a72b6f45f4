# TyroneSong/SwiftDataProvider: a package of a versioned SwiftData schema and a @ModelActor data
# handler, and its XCTest tests, as its manifest declares them (tools version 5.9: Swift 5 mode;
# the library's StrictConcurrency setting copied). Left out of the library:
# Sources/DataProvider/DataProvider.swift, the shared containers and their SwiftUI
# EnvironmentKey/EnvironmentValues entries (SwiftUI, which Linux lacks); no test uses them.
REPO=TyroneSong/SwiftDataProvider
EXTRACT="Sources Tests"

recipe() {
    SETTINGS='.swiftLanguageMode(.v5), .enableExperimentalFeature("StrictConcurrency")'
    EXCLUDE="DataProvider.swift" lib DataProvider Sources/DataProvider
    SETTINGS=".swiftLanguageMode(.v5)"
    test DataProviderTests Tests/DataProviderTests DataProvider
}
