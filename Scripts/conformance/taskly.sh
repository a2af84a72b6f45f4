# Sparklydust/Taskly: an Xcode to-do app; its unit tests (Swift Testing, TasklyTests) with the
# app's files they reach, compiled as the module Taskly with the Xcode project's settings (Swift 6;
# the app target's upcoming features ExistentialAny and InternalImportsByDefault): the SwiftData
# model TaskData and the TaskModel it maps to (Objects/), the shared container
# (Extensions/ModelContext+Shared.swift), the UI-test identifiers, the fakes the tests use
# (Doubles/Fakes) and the to-do list's @Observable view model (OSLog via OSLogPortingKit). The views,
# the app and Localizables/L10n.swift (`String(localized:comment:)`, which Linux's Foundation
# lacks) are left out. TasklyUITests is the UI test target (XCUIApplication).
REPO=Sparklydust/Taskly
EXTRACT="Taskly TasklyTests"
LEFT_OUT="TasklyTests/Cases/Extensions/Image+NameTests.swift|SwiftUI's Image
TasklyTests/Cases/Localizables/L10nTests.swift|L10n uses String(localized:comment:), which Linux's Foundation lacks"

recipe() {
    SETTINGS='.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("InternalImportsByDefault")'
    SOURCES="Objects Doubles/Fakes Extensions/ModelContext+Shared.swift Extensions/String+AccessibilityIdentifier.swift Features/ToDoList/ToDoListViewModel.swift" \
        lib Taskly Taskly
    SETTINGS=".swiftLanguageMode(.v6)"
    test TasklyTests TasklyTests Taskly
}
