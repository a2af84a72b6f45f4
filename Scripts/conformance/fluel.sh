# muhiro12/Fluel: the app's FluelLibrary package (the SwiftData model Entry, its repository,
# queries and formatting, with localized strings in Resources) and its Swift Testing tests, as
# the package's manifest declares them (its target's folder is the package's, with Sources and the
# processed Resources; the tests in Tests/Default). Left out of the library:
# Sources/Preview/FluelSampleData.swift, a SwiftUI PreviewModifier with sample data (SwiftUI,
# which Linux lacks); no test uses it. AppGroup.swift calls FileManager's
# containerURL(forSecurityApplicationGroupIdentifier:), which the FoundationGaps shim provides.
REPO=muhiro12/Fluel
EXTRACT=FluelLibrary
DEFAULT_LOCALIZATION=en

recipe() {
    SOURCES="Sources" RESOURCES="Resources" EXCLUDE="Sources/Preview/FluelSampleData.swift" \
        lib FluelLibrary FluelLibrary
    test FluelLibraryTests FluelLibrary/Tests/Default FluelLibrary
}
