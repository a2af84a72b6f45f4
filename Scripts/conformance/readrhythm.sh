# KhoiiHa/ReadRhythm-iOS: an Xcode app (a reading tracker); its unit tests (XCTest,
# ReadRhythmTests) with the app's files they reach, compiled as the module ReadRhythm in Swift 5
# mode, as the Xcode project sets (SWIFT_VERSION = 5.0): the SwiftData models and their
# versioned schemas and migration plan (SwiftData/, Models/DiscoverFeedItem.swift, and the
# RemoteBook DTOs and the DiscoverCategory enum the feed item refers to), the local
# book and session repositories with their protocols, StatsService, DebugLogger and
# DataServiceError. The rest of the app (views, view models, the network client) is left out.
# Test files left out, for Apple frameworks Linux lacks (LEFT_OUT below); the test helper
# TestModelContainer.swift and the repository and stats tests are compiled unchanged (their
# @MainActor XCTestCase classes override setUpWithError synchronously, which
# swift-corelibs-xctest's nonisolated declarations refuse; they are counted "not compiled").
REPO=KhoiiHa/ReadRhythm-iOS
EXTRACT="ReadRhythm/ReadRhythm/API/DTOs ReadRhythm/ReadRhythm/Features/Discover/DiscoverCategory.swift ReadRhythm/ReadRhythm/SwiftData ReadRhythm/ReadRhythm/Repositories ReadRhythm/ReadRhythm/Services ReadRhythm/ReadRhythm/Core ReadRhythm/ReadRhythm/Models ReadRhythm/ReadRhythmTests"
LEFT_OUT="ReadRhythm/ReadRhythmTests/ReadRhythmTests.swift|the app's view models (ObservableObject and @Published: Combine, which Linux lacks) and its network search repository
ReadRhythm/ReadRhythmTests/AppFormatterTests.swift|AppFormatter uses DateComponentsFormatter, which swift-corelibs-foundation does not provide
ReadRhythm/ReadRhythmTests/SpeechServiceTests.swift|SpeechService is AVFoundation's speech synthesizer"

recipe() {
    SETTINGS=".swiftLanguageMode(.v5)"
    SOURCES="API/DTOs/BookDTO.swift API/DTOs/BookMapper.swift SwiftData/BookEntity.swift SwiftData/ReadingGoalEntity.swift SwiftData/ReadingSessionEntity.swift SwiftData/ReadRhythmSchema.swift Models/DiscoverFeedItem.swift Features/Discover/DiscoverCategory.swift Repositories/BookRepository.swift Repositories/LocalBookRepository.swift Repositories/SessionRepository.swift Repositories/LocalSessionRepository.swift Services/StatsService.swift Core/DebugLogger.swift Core/Enums/DataServiceError.swift" \
        lib ReadRhythm ReadRhythm/ReadRhythm
    test ReadRhythmTests ReadRhythm/ReadRhythmTests ReadRhythm
}
