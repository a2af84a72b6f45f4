/// Splits lists into TMDb-style pages of 20.
enum OfflineCatalogPaging {
    /// TMDb's page size.
    static let pageSize = 20

    /// Page `page` (1-based) of `items`. Pages past the end are empty, as on TMDb.
    static func page<Item>(_ items: [Item], page: Int) throws(TMDbError) -> TMDbPage<Item> {
        try validatePage(page)
        let totalPages = max(1, (items.count + pageSize - 1) / pageSize)
        let start = (page - 1) * pageSize
        let results = start < items.count ? Array(items[start..<min(start + pageSize, items.count)]) : []
        return TMDbPage(page: page, results: results, totalPages: totalPages, totalResults: items.count)
    }
}
