import Observation

/// The models a ``FetchDescriptor`` selects, kept up to date as the container's contexts
/// save: what SwiftUI's `@Query` gives a view, for code without SwiftUI.
///
/// ```swift
/// @MainActor
/// final class WatchlistScreen {
///     let entries: LiveQuery<WatchlistEntry>
///
///     init(container: ModelContainer) {
///         entries = LiveQuery(
///             FetchDescriptor(sortBy: [SortDescriptor(\.addedAt)]), in: container.mainContext)
///     }
/// }
/// ```
///
/// A live query is `Observable`: a `withObservationTracking` that reads ``models`` (or
/// ``error``) is told when a save changes them. It fetches in its context, at once when it
/// is created and again after each save of the container, by any of its contexts (its own
/// included), that may change the result:
///
/// - A save that inserts, updates or deletes no model of the fetched entity (or its
///   sub-entities) nor of an entity its models reach through relationships, which the
///   predicate and sort may read, is skipped without fetching: a fetch reads every row
///   of the result, where the check is a set lookup per saved entity.
/// - After fetching, ``models`` changes only when the result differs: other models, or in
///   another order, or a model of the result updated by the save, or models of related
///   entities saved (the result's relationships may show them). A fetch that returns the
///   same models, none of them updated, is not announced.
///
/// Refetched models show the saved values: the context reads again the models of the
/// result, and the related models it holds that the save updated, when they have no
/// unsaved changes. A tracking that reads only a property of one model is not
/// told of another context's save (as ``PersistentModel`` observation goes); one that
/// reads ``models`` first is.
///
/// A live query belongs to the isolation domain of its context, as the context does: it
/// is created there (`isolation` is the caller's actor, and a caller on no actor does not
/// compile), it fetches there, and its ``models`` are read there. Use the main actor with
/// ``ModelContainer/mainContext``, or a model actor with its `modelContext`. Its updates
/// arrive asynchronously, on that actor, after the save's turn of work.
///
/// Unsaved changes of its context are in each fetch (as ``ModelContext/fetch(_:)`` gives
/// them), but do not start one: the main context saves them automatically, and
/// ``refresh()`` fetches at once.
///
/// Releasing the live query stops its updates: the task that waits for saves ends. That
/// task holds neither the query nor a model actor, so a query kept by a model actor goes
/// with the actor.
public final class LiveQuery<Model: PersistentModel>: Observable {
    /// What is fetched.
    public let descriptor: FetchDescriptor<Model>
    private let context: ModelContext
    private let scope: LiveQueryScope
    private let subscription: SaveSubscription
    private let registrar = ObservationRegistrar()
    private var fetched: [Model] = []
    private var fetchError: (any Error)?
    /// The identifiers of ``fetched``, in order, to tell whether a fetch changed it.
    private var fetchedIdentifiers: [PersistentIdentifier] = []
    /// How many saves of the container this live query has handled, and how many times it
    /// has fetched: what tests check its skipping against.
    private(set) var handledChangeCount = 0
    private(set) var fetchCount = 0

    /// Fetches `descriptor` in `context` and keeps the result up to date.
    ///
    /// - Parameters:
    ///   - descriptor: The models to fetch, their order and their number.
    ///   - context: The context that fetches, whose unsaved changes every fetch includes.
    ///   - isolation: The actor the context is used on, the caller's by default:
    ///     fetches run there, and the result is read there.
    public init(
        _ descriptor: FetchDescriptor<Model> = FetchDescriptor<Model>(),
        in context: ModelContext,
        isolation: isolated any Actor = #isolation
    ) {
        self.descriptor = descriptor
        self.context = context
        self.scope = LiveQueryScope(of: Model.self, in: context.container.schema)
        // Subscribed before the first fetch, so that no save after it is missed.
        self.subscription = SaveSubscription(context.container)
        fetch(announcing: false)
        let changes = subscription.changes
        let reference = ActorBoundReference(self, isolation: isolation)
        if isolation === MainActor.shared {
            // The wait runs on the main actor too, which holding keeps nothing alive: a save
            // reaches the query without a thread of the shared pool, which long work may hold.
            Task { @MainActor in await LiveQuery.followOnMainActor(changes, reference) }
        } else {
            Task.detached { await LiveQuery.follow(changes, reference) }
        }
    }

    /// ``follow(_:_:)`` for a query of the main actor, without leaving it.
    @MainActor
    private static func followOnMainActor(
        _ changes: AsyncStream<ModelContainer.Change>, _ reference: ActorBoundReference<LiveQuery>
    ) async {
        for await change in changes {
            reference.object(on: MainActor.shared)?.handle(change)
        }
    }

    /// Applies each save to the query, on its actor, until the query is released. The
    /// wait holds the query and its actor weakly: a query an actor keeps does not keep the
    /// actor, and each goes when nothing else holds it.
    private nonisolated static func follow(
        _ changes: AsyncStream<ModelContainer.Change>, _ reference: ActorBoundReference<LiveQuery>
    ) async {
        for await change in changes {
            guard let actor = reference.owner else { return }
            await deliver(change, to: reference, isolation: actor)
        }
    }

    /// Applies a save to the query, on its actor, if the query is still there.
    private static func deliver(
        _ change: ModelContainer.Change, to reference: ActorBoundReference<LiveQuery>, isolation: isolated any Actor
    ) {
        reference.object(on: isolation)?.handle(change)
    }

    deinit {
        subscription.end()
    }

    /// The models the descriptor selects, as of the last fetch.
    public var models: [Model] {
        registrar.access(self, keyPath: \.models)
        return fetched
    }

    /// Why the last fetch failed, or nil when it succeeded. A failed fetch leaves
    /// ``models`` as they were; the next save that may change the result fetches again.
    public var error: (any Error)? {
        registrar.access(self, keyPath: \.error)
        return fetchError
    }

    /// Fetches now, with the context's unsaved changes, and announces the result if other
    /// models (or another order) come back.
    public func refresh() {
        fetch(announcing: false)
    }

    /// Fetches again after a save that may change the result.
    private func handle(_ change: ModelContainer.Change) {
        handledChangeCount += 1
        guard scope.mayAffect(change) else { return }
        let relatedUpdates = change.updated.filter { scope.relatedEntities.contains($0.entityName) }
        fetch(
            announcing: change.erasedAll || scope.touchesRelatedEntities(change), rereading: relatedUpdates
        ) { identifiers in
            // A model of the result updated in place is a change of the result.
            !change.updated.isEmpty && !Set(change.updated).isDisjoint(with: identifiers)
        }
    }

    /// Fetches, and publishes the result when `announcing`, when it differs from the last
    /// one or when `changed` says so of its identifiers. The context's models among
    /// `rereading` (related models another context updated) are read again first.
    private func fetch(
        announcing: Bool, rereading: [PersistentIdentifier] = [],
        changed: ([PersistentIdentifier]) -> Bool = { _ in false }
    ) {
        fetchCount += 1
        let result: [Model]
        do {
            if !rereading.isEmpty { try context.core.rereadRegisteredModels(rereading) }
            result = try context.fetch(descriptor)
        } catch {
            registrar.withMutation(of: self, keyPath: \.error) { fetchError = error }
            return
        }
        if fetchError != nil {
            registrar.withMutation(of: self, keyPath: \.error) { fetchError = nil }
        }
        let identifiers = result.map(\.persistentModelID)
        guard announcing || identifiers != fetchedIdentifiers || changed(identifiers) else {
            // The same models: keep the instances already published.
            return
        }
        registrar.withMutation(of: self, keyPath: \.models) {
            fetched = result
            fetchedIdentifiers = identifiers
        }
    }
}
