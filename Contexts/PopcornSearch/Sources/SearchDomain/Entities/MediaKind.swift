/// The kinds of media a search finds and the history remembers.
public enum MediaKind: String, CaseIterable, Hashable, Sendable {
    /// A film.
    case movie
    /// A television series.
    case tvSeries
    /// A person: an actor, a director, a writer.
    case person
}
