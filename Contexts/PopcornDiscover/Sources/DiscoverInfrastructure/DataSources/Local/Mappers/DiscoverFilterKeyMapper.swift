import DiscoverDomain

/// Turns a filter into the key its cached pages are stored under, such as
/// `"genres=18,80;language=en"`; the unfiltered key is `"genres=;language="`.
///
/// Filters are normalised when created, so equal filters always give the same key.
struct DiscoverFilterKeyMapper {
    func key(for filter: DiscoverFilter) -> String {
        let genres = filter.genreIDs.map(String.init).joined(separator: ",")
        return "genres=\(genres);language=\(filter.originalLanguage ?? "")"
    }
}
