/// The version of `popcorn`: what `popcorn --version` prints and `stores status` shows
/// beside the stores, so that a store can be matched with the release that wrote it.
/// Defined here only; raise it with each release.
public enum PopcornVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let current = "0.4.0"
}
