# kevinziroldi/green-journey-client: an Xcode travel app (GreenJourney); the model unit tests of
# its unit test target (Swift Testing, GreenJourneyUnitTests: GreenJourney/Model/UnitTests, which
# construct and decode the SwiftData models User, Travel, Segment, Review, CityFeatures and
# CityCompleterDataset and the value types around them) with the files they reach, compiled as the
# module GreenJourney in Swift 5 mode, as the Xcode project sets (SWIFT_VERSION = 5.0; no default
# actor isolation, no upcoming feature): GreenJourney/Model/Implementation (Foundation and
# SwiftData only). The models do NOT use default main-actor isolation.
# Not extracted: the rest of the app and the rest of the unit test target (the project keeps
# them in Features/*/UnitTests beside each feature): the view models are ObservableObjects with
# @Published (Combine, which Linux lacks) or use SwiftUI, MapKit or CoreML, and the server
# service uses FirebaseAuth (a binary-framework package that is not available offline); the
# Ranking and TravelSearch response tests (RankingResponseUnitTest, TravelOptionUnitTest) sit in
# those feature folders. GreenJourneyIntegrationTests and GreenJourneyUITests are the other test
# targets (a live server, XCUIApplication).
REPO=kevinziroldi/green-journey-client
EXTRACT="GreenJourney/Model"

recipe() {
    SETTINGS=".swiftLanguageMode(.v5)"
    SOURCES="Implementation" lib GreenJourney GreenJourney/Model
    test GreenJourneyUnitTests GreenJourney/Model/UnitTests GreenJourney
}
