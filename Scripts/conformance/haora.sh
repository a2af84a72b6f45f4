# drademann/Haora.iOS: an Xcode app; its unit tests (XCTest) with the app's files they reach: the
# models (Model/) and Foundation helpers (Support/), compiled as the module Haora in Swift 5 mode,
# as the Xcode project sets (SWIFT_VERSION = 5.0). Views, the app and previews (SwiftUI) are left
# out; no unit test uses them.
REPO=drademann/Haora.iOS
EXTRACT=Haora

recipe() {
    SETTINGS=".swiftLanguageMode(.v5)"
    SOURCES="Model Support" lib Haora Haora/Haora
    test HaoraTests Haora/HaoraTests Haora
}
