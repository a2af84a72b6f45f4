# h1431532403240/Votra: a macOS live-translation app (Xcode); the model unit tests of its test
# target (Swift Testing, VotraTests/Models and the in-memory container of VotraTests/Helpers)
# with the app's model files they reach, compiled as the module Votra with the Xcode app
# target's settings: Swift 6 mode, DEFAULT MAIN-ACTOR ISOLATION (SWIFT_DEFAULT_ACTOR_ISOLATION =
# MainActor), SWIFT_APPROACHABLE_CONCURRENCY = YES (its upcoming features, spelled out below) and
# MemberImportVisibility; the test target has the same settings without the default isolation.
# The models (Session, Segment, Speaker, Recording, MeetingSummary) are main-actor isolated; the
# test suites are `@MainActor` structs over a fresh in-memory container each.
# Speaker.swift and SpeakerColor.swift import SwiftUI for `Color` (the SwiftUI shim's stand-in);
# AudioSource.swift and Speaker.swift name their cases with `String(localized:)` (FoundationGaps,
# and `import SwiftData` on Linux). UserPreferences.swift imports SwiftUI for `@Observable`.
# Left out of the module: AudioSourceInfo.swift (ScreenCaptureKit) and
# TranscriptSegmentation.swift (FoundationModels), which no model test reaches, and the services,
# view models, views and utilities (AVFoundation, Speech, Translation, ScreenCaptureKit, AppKit).
# Not extracted into the test target: its Services, ViewModels, Views, UI, Integration,
# Performance and Utilities folders, which test those (audio capture, speech, translation).
REPO=h1431532403240/Votra
EXTRACT="Votra/Models VotraTests"
SHIMS="FoundationGaps SwiftUI"
LEFT_OUT="VotraTests/Models/AudioSourceInfoTests.swift|AudioSourceInfo is built on ScreenCaptureKit (SCRunningApplication, SCWindow) and CoreGraphics, which Linux lacks"

APPROACHABLE='.enableUpcomingFeature("DisableOutwardActorInference"), .enableUpcomingFeature("GlobalActorIsolatedTypesUsability"), .enableUpcomingFeature("InferIsolatedConformances"), .enableUpcomingFeature("InferSendableFromCaptures"), .enableUpcomingFeature("NonisolatedNonsendingByDefault"), .enableUpcomingFeature("MemberImportVisibility")'

recipe() {
    SETTINGS=".swiftLanguageMode(.v6), .defaultIsolation(MainActor.self), $APPROACHABLE"
    EXCLUDE="AudioSourceInfo.swift TranscriptSegmentation.swift" lib Votra Votra/Models
    SETTINGS=".swiftLanguageMode(.v6), $APPROACHABLE"
    SOURCES="Helpers Models Tag+Votra.swift" test VotraTests VotraTests Votra
}
