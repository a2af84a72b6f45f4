/// A country a movie was produced in, by ISO 3166-1 code.
public struct ProductionCountry: Equatable, Sendable {
    public var countryCode: String
    public var name: String

    public init(countryCode: String, name: String) {
        self.countryCode = countryCode
        self.name = name
    }
}
