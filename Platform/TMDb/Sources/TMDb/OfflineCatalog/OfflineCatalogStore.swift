import Foundation

/// The decoded, indexed offline catalog. Immutable once built.
struct OfflineCatalogStore: Sendable {
    let movieGenres: [Genre]
    let tvGenres: [Genre]
    /// Movies by id.
    let movies: [Int: OfflineCatalogData.MovieEntry]
    /// Series by id.
    let series: [Int: OfflineCatalogData.SeriesEntry]
    /// Movie list items, most popular first.
    let moviesByPopularity: [MovieListItem]
    /// Series list items, most popular first.
    let seriesByPopularity: [TVSeriesListItem]
    /// Everyone credited in cast or crew anywhere, most popular first.
    let people: [PersonListItem]

    init(data: OfflineCatalogData) {
        movieGenres = data.movieGenres
        tvGenres = data.tvGenres
        movies = Dictionary(data.movies.map { ($0.details.id, $0) }, uniquingKeysWith: { first, _ in first })
        series = Dictionary(data.tv.map { ($0.details.id, $0) }, uniquingKeysWith: { first, _ in first })
        moviesByPopularity = data.movies.map(\.details.listItem).sorted(by: Self.morePopular)
        seriesByPopularity = data.tv.map(\.details.listItem).sorted(by: Self.morePopular)

        var peopleByID: [Int: PersonListItem] = [:]
        let allCredits = data.movies.map(\.credits) + data.tv.map(\.credits)
        for credits in allCredits {
            for member in credits.cast where peopleByID[member.id] == nil {
                peopleByID[member.id] = PersonListItem(
                    id: member.id, name: member.name, originalName: member.originalName,
                    profilePath: member.profilePath, knownForDepartment: member.knownForDepartment ?? "Acting",
                    gender: member.gender, popularity: member.popularity)
            }
            for member in credits.crew where peopleByID[member.id] == nil {
                peopleByID[member.id] = PersonListItem(
                    id: member.id, name: member.name, originalName: member.originalName,
                    profilePath: member.profilePath, knownForDepartment: member.knownForDepartment ?? member.department,
                    gender: member.gender, popularity: member.popularity)
            }
        }
        people = peopleByID.values.sorted { lhs, rhs in
            lhs.popularity != rhs.popularity ? lhs.popularity > rhs.popularity : lhs.id < rhs.id
        }
    }

    private static func morePopular(_ lhs: MovieListItem, _ rhs: MovieListItem) -> Bool {
        lhs.popularity != rhs.popularity ? lhs.popularity > rhs.popularity : lhs.id < rhs.id
    }

    private static func morePopular(_ lhs: TVSeriesListItem, _ rhs: TVSeriesListItem) -> Bool {
        lhs.popularity != rhs.popularity ? lhs.popularity > rhs.popularity : lhs.id < rhs.id
    }

    /// The catalog compiled into the package (``OfflineCatalogJSON``), decoded once on first use.
    static let bundled: Result<OfflineCatalogStore, TMDbError> = load(from: Data(OfflineCatalogJSON.text.utf8))

    /// Decodes a catalog from JSON in the shape of ``OfflineCatalogJSON``.
    static func load(from data: Data) -> Result<OfflineCatalogStore, TMDbError> {
        do {
            let decoded = try TMDbResponseDecoder().decode(OfflineCatalogData.self, from: data)
            return .success(OfflineCatalogStore(data: decoded))
        } catch {
            return .failure(.decoding(error))
        }
    }
}
