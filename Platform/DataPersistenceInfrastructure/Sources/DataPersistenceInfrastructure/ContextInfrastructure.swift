/// What a context's infrastructure factory builds every repository from: the context's
/// stores and the remote data source that fills its caches.
public struct ContextInfrastructure<RemoteDataSource: Sendable>: Sendable {
    /// The context's stores, each served by one actor.
    let stores: ContextStores
    /// Where the repositories fetch what the stores do not hold.
    let remoteDataSource: RemoteDataSource

    /// Bundles a context's stores and remote data source.
    ///
    /// - Parameters:
    ///   - stores: The context's stores.
    ///   - remoteDataSource: Where the repositories fetch what the stores do not hold.
    init(stores: ContextStores, remoteDataSource: RemoteDataSource) {
        self.stores = stores
        self.remoteDataSource = remoteDataSource
    }
}
