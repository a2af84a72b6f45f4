/// One image file (poster, backdrop or logo) of a movie or series.
public struct TMDbImage: Decodable, Sendable, Equatable, Hashable {
    /// Image path, e.g. `/abc.jpg`; combine with an image base URL such as
    /// `https://image.tmdb.org/t/p/w500`.
    public let filePath: String
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Width divided by height.
    public let aspectRatio: Double
    /// Average user rating of the image.
    public let voteAverage: Double
    /// Number of votes for the image.
    public let voteCount: Int
    /// ISO 639-1 language of text in the image; `nil` for text-free images.
    public let languageCode: String?

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        filePath: String,
        width: Int,
        height: Int,
        aspectRatio: Double,
        voteAverage: Double,
        voteCount: Int,
        languageCode: String? = nil
    ) {
        self.filePath = filePath
        self.width = width
        self.height = height
        self.aspectRatio = aspectRatio
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.languageCode = languageCode
    }

    private enum CodingKeys: String, CodingKey {
        case width, height
        case filePath = "file_path"
        case aspectRatio = "aspect_ratio"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case languageCode = "iso_639_1"
    }
}

extension TMDbImage {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        filePath = try container.decode(String.self, forKey: .filePath)
        width = try container.tmdbDecode(Int.self, forKey: .width, default: 0)
        height = try container.tmdbDecode(Int.self, forKey: .height, default: 0)
        let fallbackRatio = height > 0 ? Double(width) / Double(height) : 0
        aspectRatio = try container.tmdbDecode(Double.self, forKey: .aspectRatio, default: fallbackRatio)
        voteAverage = try container.tmdbDecode(Double.self, forKey: .voteAverage, default: 0)
        voteCount = try container.tmdbDecode(Int.self, forKey: .voteCount, default: 0)
        languageCode = try container.tmdbOptionalString(forKey: .languageCode)
    }
}
