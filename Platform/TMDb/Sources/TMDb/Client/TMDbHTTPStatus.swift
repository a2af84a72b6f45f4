import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Maps HTTP responses to ``TMDbError``.
enum TMDbHTTPStatus {
    /// The error for a non-2xx response, or `nil` for success.
    static func error(for response: HTTPURLResponse, now: Date = Date()) -> TMDbError? {
        error(status: response.statusCode, retryAfter: response.value(forHTTPHeaderField: "Retry-After"), now: now)
    }

    /// The error for `status`, or `nil` for 2xx.
    static func error(status: Int, retryAfter: String?, now: Date = Date()) -> TMDbError? {
        switch status {
        case 200..<300: nil
        case 401: .unauthorized
        case 404: .notFound
        case 429: .rateLimited(retryAfter: retryAfter.flatMap { parseRetryAfter($0, now: now) })
        case 500..<600: .serverError(status: status)
        default: .httpStatus(status)
        }
    }

    /// Parses `Retry-After` as delta-seconds or as an HTTP date; returns whole seconds from `now`.
    static func parseRetryAfter(_ value: String, now: Date) -> Int? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed) {
            return max(0, seconds)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }
}
