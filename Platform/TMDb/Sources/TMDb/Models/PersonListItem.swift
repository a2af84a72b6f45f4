/// A person as returned by search.
public struct PersonListItem: Decodable, Sendable, Equatable, Hashable, Identifiable {
    /// TMDb person id.
    public let id: Int
    /// Person name.
    public let name: String
    /// Name in the original language; `nil` when absent.
    public let originalName: String?
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
        name: String,
        originalName: String? = nil,
        profilePath: String? = nil,
        knownForDepartment: String? = nil,
        gender: Int? = nil,
        popularity: Double
    ) {
        self.id = id
        self.name = name
        self.originalName = originalName
        self.profilePath = profilePath
        self.knownForDepartment = knownForDepartment
        self.gender = gender
        self.popularity = popularity
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, gender, popularity
        case originalName = "original_name"
        case profilePath = "profile_path"
        case knownForDepartment = "known_for_department"
    }
}

extension PersonListItem {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.tmdbString(forKey: .name)
        originalName = try container.tmdbOptionalString(forKey: .originalName)
        profilePath = try container.tmdbOptionalString(forKey: .profilePath)
        knownForDepartment = try container.tmdbOptionalString(forKey: .knownForDepartment)
        gender = try container.decodeIfPresent(Int.self, forKey: .gender)
        popularity = try container.tmdbDecode(Double.self, forKey: .popularity, default: 0)
    }
}
