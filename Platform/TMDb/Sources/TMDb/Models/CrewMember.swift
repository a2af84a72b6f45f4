/// A crew credit: a person and their job, e.g. Director in Directing.
public struct CrewMember: Decodable, Sendable, Equatable, Hashable, Identifiable {
    /// TMDb person id.
    public let id: Int
    /// Credit id, unique per credit.
    public let creditID: String?
    /// Person name.
    public let name: String
    /// Person name in the original language.
    public let originalName: String?
    /// Job, e.g. `Director`, `Screenplay`.
    public let job: String
    /// Department, e.g. `Directing`, `Writing`.
    public let department: String
    /// Profile image path; `nil` when there is none.
    public let profilePath: String?
    /// Department the person is known for.
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
        job: String,
        department: String,
        profilePath: String? = nil,
        knownForDepartment: String? = nil,
        gender: Int? = nil,
        popularity: Double
    ) {
        self.id = id
        self.creditID = creditID
        self.name = name
        self.originalName = originalName
        self.job = job
        self.department = department
        self.profilePath = profilePath
        self.knownForDepartment = knownForDepartment
        self.gender = gender
        self.popularity = popularity
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, job, department, gender, popularity
        case creditID = "credit_id"
        case originalName = "original_name"
        case profilePath = "profile_path"
        case knownForDepartment = "known_for_department"
    }
}

extension CrewMember {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        creditID = try container.tmdbOptionalString(forKey: .creditID)
        name = try container.tmdbString(forKey: .name)
        originalName = try container.tmdbOptionalString(forKey: .originalName)
        job = try container.tmdbString(forKey: .job)
        department = try container.tmdbString(forKey: .department)
        profilePath = try container.tmdbOptionalString(forKey: .profilePath)
        knownForDepartment = try container.tmdbOptionalString(forKey: .knownForDepartment)
        gender = try container.decodeIfPresent(Int.self, forKey: .gender)
        popularity = try container.tmdbDecode(Double.self, forKey: .popularity, default: 0)
    }
}
