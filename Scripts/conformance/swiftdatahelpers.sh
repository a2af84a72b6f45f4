# Dagitali/SwiftDataHelpers: a package of SwiftData extensions and its Swift Testing tests, as its
# manifest declares them. TimestampedModel.swift imports SwiftUI for Foundation's Date only: the
# SwiftUI shim re-exports Foundation.
REPO=Dagitali/SwiftDataHelpers
SHIMS="FoundationGaps SwiftUI"

recipe() {
    lib SwiftDataHelpers Sources/SwiftDataHelpers
    test SwiftDataHelpersTests Tests/SwiftDataHelpersTests SwiftDataHelpers
}
