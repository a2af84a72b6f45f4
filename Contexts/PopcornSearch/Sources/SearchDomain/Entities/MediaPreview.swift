/// One search result: a movie, a TV series or a person.
///
/// ```swift
/// for result in page.results {
///     print(result.kind, result.id, result.displayName)
/// }
/// ```
public enum MediaPreview: Hashable, Sendable {
    /// A movie.
    case movie(MoviePreview)
    /// A TV series.
    case tvSeries(TVSeriesPreview)
    /// A person.
    case person(PersonPreview)

    /// The TMDb id of the media; ids are unique within a kind only.
    public var id: Int {
        switch self {
        case .movie(let movie): movie.id
        case .tvSeries(let series): series.id
        case .person(let person): person.id
        }
    }

    /// Which kind of media this is.
    public var kind: MediaKind {
        switch self {
        case .movie: .movie
        case .tvSeries: .tvSeries
        case .person: .person
        }
    }

    /// The title of a movie, or the name of a series or person.
    public var displayName: String {
        switch self {
        case .movie(let movie): movie.title
        case .tvSeries(let series): series.name
        case .person(let person): person.name
        }
    }
}
