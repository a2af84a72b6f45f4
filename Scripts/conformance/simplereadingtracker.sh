# jcb1973/SimpleReadingTracker: an Xcode reading-log app; its unit tests (Swift Testing,
# SimpleReadingTrackerTests) with the app's files they reach, compiled as the module
# SimpleReadingTracker with the Xcode app target's settings: Swift 5 mode, DEFAULT MAIN-ACTOR
# ISOLATION (SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor), SWIFT_APPROACHABLE_CONCURRENCY = YES (its
# upcoming features, spelled out below) and MemberImportVisibility; the test target has the same
# settings without the default isolation. The module: the SwiftData models (Models/: Book,
# Author, Note, Quote, Tag and the ReadingStatus and TagColor enums), Errors/AppError.swift, the
# search and tag services (Services/SearchService.swift, Services/TagDeduplicator.swift) and the
# @Observable view models the tests drive (ViewModels/HomeViewModel.swift, LibraryViewModel.swift,
# BookDetailViewModel.swift; Observation only). Tag.swift, TagColor.swift and
# BookDetailViewModel.swift guard their SwiftUI and UIKit code with `#if canImport(...)`, so no
# SwiftUI shim is named (with it, canImport(SwiftUI) would be true and Color missing).
# Left out of the module: Services/BookLookupService.swift (RemoteBookLookupService uses
# URLSession, which Linux's Foundation keeps in FoundationNetworking; the file imports Foundation
# only), and with it Services/BookLookupCache.swift and ViewModels/BookFormViewModel.swift, which
# are built on it; the views, the app, the other view models (UIKit, AVFoundation, VisionKit) and
# Debug/SampleDataSeeder.swift, which no test uses. (The repository's own Package.swift, a macOS
# test harness in Swift 6 mode without default isolation, compiles the same files plus the lookup
# service; the recipe follows the Xcode targets.) SimpleReadingTrackerUITests is the UI test
# target (XCUIApplication).
REPO=jcb1973/SimpleReadingTracker
EXTRACT="SimpleReadingTracker SimpleReadingTrackerTests"
LEFT_OUT="SimpleReadingTrackerTests/Services/BookLookupServiceTests.swift|RemoteBookLookupService uses URLSession (FoundationNetworking on Linux) from a file that imports Foundation only; its tests also mock URLProtocol
SimpleReadingTrackerTests/ViewModels/BookFormViewModelTests.swift|BookFormViewModel defaults its lookup service to CachingBookLookupService, built on RemoteBookLookupService (URLSession, FoundationNetworking on Linux)"

APPROACHABLE='.enableUpcomingFeature("DisableOutwardActorInference"), .enableUpcomingFeature("GlobalActorIsolatedTypesUsability"), .enableUpcomingFeature("InferIsolatedConformances"), .enableUpcomingFeature("InferSendableFromCaptures"), .enableUpcomingFeature("NonisolatedNonsendingByDefault"), .enableUpcomingFeature("MemberImportVisibility")'

recipe() {
    SETTINGS=".swiftLanguageMode(.v5), .defaultIsolation(MainActor.self), $APPROACHABLE"
    SOURCES="Models Errors Services/SearchService.swift Services/TagDeduplicator.swift ViewModels/HomeViewModel.swift ViewModels/LibraryViewModel.swift ViewModels/BookDetailViewModel.swift" \
        lib SimpleReadingTracker SimpleReadingTracker
    SETTINGS=".swiftLanguageMode(.v5), $APPROACHABLE"
    test SimpleReadingTrackerTests SimpleReadingTrackerTests SimpleReadingTracker
}
