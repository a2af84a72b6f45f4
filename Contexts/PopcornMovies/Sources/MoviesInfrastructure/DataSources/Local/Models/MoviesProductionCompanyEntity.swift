import OpenSwiftData

/// A production company of a cached movie.
@Model
final class MoviesProductionCompanyEntity {
    var companyID: Int
    var name: String
    var logoPath: String?
    var originCountry: String?

    init(companyID: Int, name: String, logoPath: String?, originCountry: String?) {
        self.companyID = companyID
        self.name = name
        self.logoPath = logoPath
        self.originCountry = originCountry
    }
}
