/// A movie's age rating in one country, such as "PG-13" in "US".
public struct Certification: Equatable, Sendable {
    public var countryCode: String
    public var rating: String

    public init(countryCode: String, rating: String) {
        self.countryCode = countryCode
        self.rating = rating
    }
}
