/// A cast credit: a person and the character they play.
public struct CastMember: Decodable, Sendable, Equatable, Hashable, Identifiable {
    /// TMDb person id.
    public let id: Int
    /// Credit id, unique per credit.
    public let creditID: String?
    /// Person name.
    public let name: String
    /// Person name in the original language.
    public let originalName: String?
    /// Character played; empty when unknown.
    public let character: String
    /// Billing order, 0 first.
    public let order: Int
    /// Profile image path; `nil` when there is none.
    public let profilePath: String?
    /// Department the person is known for, e.g. `Acting`.
    public let knownForDepartment: String?
    /// TMDb gender code (0 unknown, 1 female, 2 male, 3 non-binary).
    public let gender: Int?
    /// TMDb popularity score.
    public let popularity: Double

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        id: Int,
        creditID: String? = nil,
        name: String,
        originalName: String? = nil,
        character: String,
        order: Int,
        profilePath: String? = nil,
        knownForDepartment: String? = nil,
        gender: Int? = nil,
        popularity: Double
    ) {
        self.id = id
        self.creditID = creditID
        self.name = name
        self.originalName = originalName
        self.character = character
        self.order = order
        self.profilePath = profilePath
        self.knownForDepartment = knownForDepartment
        self.gender = gender
        self.popularity = popularity
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, character, order, gender, popularity
        case creditID = "credit_id"
        case originalName = "original_name"
        case profilePath = "profile_path"
        case knownForDepartment = "known_for_department"
    }
}

extension CastMember {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        creditID = try container.tmdbOptionalString(forKey: .creditID)
        name = try container.tmdbString(forKey: .name)
        originalName = try container.tmdbOptionalString(forKey: .originalName)
        character = try container.tmdbString(forKey: .character)
        order = try container.tmdbDecode(Int.self, forKey: .order, default: Int.max)
        profilePath = try container.tmdbOptionalString(forKey: .profilePath)
        knownForDepartment = try container.tmdbOptionalString(forKey: .knownForDepartment)
        gender = try container.decodeIfPresent(Int.self, forKey: .gender)
        popularity = try container.tmdbDecode(Double.self, forKey: .popularity, default: 0)
    }
}
