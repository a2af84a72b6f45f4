/// How a context's core reaches its container. The core of every context but the main one
/// holds it. The container holds its main context, which would hold it back in a cycle that
/// kept both, and the stores' files and connections, alive for ever: the main context's
/// core holds its container weakly instead, with what the container is made of, to make it
/// again when the app kept the main context (or its models) and let go of the container.
enum ContainerLink {
    /// Any context's but the main one's.
    case held(ModelContainer)
    /// The main context's, once its container holds it.
    case main(WeakContainer, ModelContainer.Parts)
}

/// A container, while something else holds it.
struct WeakContainer {
    weak var container: ModelContainer?
}
