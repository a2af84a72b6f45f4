/// A company that produced a movie.
public struct ProductionCompany: Identifiable, Equatable, Sendable {
    public let id: Int
    public var name: String
    public var logoPath: String?
    public var originCountry: String?

    public init(id: Int, name: String, logoPath: String? = nil, originCountry: String? = nil) {
        self.id = id
        self.name = name
        self.logoPath = logoPath
        self.originCountry = originCountry
    }
}
