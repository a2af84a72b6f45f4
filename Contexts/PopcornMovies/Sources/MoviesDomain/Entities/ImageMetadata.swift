/// One image: its path on the image server and its size.
public struct ImageMetadata: Equatable, Codable, Sendable {
    public var filePath: String
    public var width: Int
    public var height: Int
    public var voteAverage: Double

    public init(filePath: String, width: Int, height: Int, voteAverage: Double = 0) {
        self.filePath = filePath
        self.width = width
        self.height = height
        self.voteAverage = voteAverage
    }

    public var aspectRatio: Double { height == 0 ? 0 : Double(width) / Double(height) }
}
