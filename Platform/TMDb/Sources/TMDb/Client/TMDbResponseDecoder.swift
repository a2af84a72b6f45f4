import Foundation

/// Decodes TMDb JSON bodies, turning `DecodingError` into ``TMDbDecodingFailure``.
struct TMDbResponseDecoder: Sendable {
    /// Decodes `data` as `T`.
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(TMDbDecodingFailure) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw TMDbDecodingFailure(error)
        }
    }
}
