# kevinearls/SplitsVille: an Xcode app splitting trip expenses; its unit tests (XCTest,
# SplitsVilleTests) with the app's files they reach: Model/, Constants.swift and the preview
# data the tests use (Views/PreviewController.swift, Foundation and SwiftData only), compiled as the
# module SplitsVille in Swift 5 mode, as the Xcode project sets (SWIFT_VERSION = 5.0). Views and
# the app (SwiftUI) are left out; no unit test uses them. Friend.swift and TripTest.swift import
# SwiftUI for Foundation's types only (the SwiftUI shim re-exports Foundation). Left out of the
# module: Model/Currency/ExchangeRatesStore.swift, the views' ObservableObject that downloads
# exchange rates with URLSession (FoundationNetworking on Linux); no test uses it.
# SplitsVilleTests/SplitsVilleUITests is the app's UI test target (XCUIApplication). The app's
# SwiftData tests (Balances, Transactions, Trips, Friends) are @MainActor XCTest methods and
# setUp/tearDown overrides, which swift-corelibs-xctest cannot compile or call: only its
# Foundation-only tests (currency, exchange rates, onboarding) run on Linux.
REPO=kevinearls/SplitsVille
EXTRACT="SplitsVille SplitsVilleTests"
SHIMS="FoundationGaps SwiftUI"
LEFT_OUT="SplitsVilleTests/SplitsVilleUITests/SplitsVilleUITests.swift|UI test target (XCUIApplication)
SplitsVilleTests/SplitsVilleUITests/SplitsVilleUITestsLaunchTests.swift|UI test target (XCUIApplication)
SplitsVilleTests/SplitsVilleUITests/Transactions/TransactionsTest.swift|UI test target (XCUIApplication)
SplitsVilleTests/SplitsVilleUITests/Trips/TripsUITests.swift|UI test target (XCUIApplication)
SplitsVilleTests/Friends/FriendsTests.swift|its test methods are @MainActor and synchronous: swift-corelibs-xctest's test discovery cannot call them (listing the tests aborts: Could not cast value of type '(FriendsTests) -> @MainActor () throws -> ()' to '(FriendsTests) -> () throws -> ()'), and no test of the target runs"

recipe() {
    SETTINGS=".swiftLanguageMode(.v5)"
    SOURCES="Constants.swift Model Views/PreviewController.swift" EXCLUDE="Model/Currency/ExchangeRatesStore.swift" \
        lib SplitsVille SplitsVille
    test SplitsVilleTests SplitsVilleTests SplitsVille
}
