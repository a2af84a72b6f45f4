/// A container's saves as a stream that its owner ends: ``LiveQuery`` ends it when it is
/// released, so that the task reading it returns and lets go of what it holds (the actor
/// it runs on) without waiting for another save.
struct SaveSubscription: Sendable {
    /// The saves made to the container since the subscription began.
    let changes: AsyncStream<ModelContainer.Change>
    private let continuation: AsyncStream<ModelContainer.Change>.Continuation

    init(_ container: ModelContainer) {
        (changes, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        let broadcaster = container.saveBroadcaster
        let token = broadcaster.add(continuation)
        continuation.onTermination = { _ in broadcaster.remove(token) }
        container.reportExternalChanges()
    }

    /// Ends the stream: its reader's loop ends, and the container stops delivering to it.
    func end() {
        continuation.finish()
    }
}
