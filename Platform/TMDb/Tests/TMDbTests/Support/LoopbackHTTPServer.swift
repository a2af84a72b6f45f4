import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 with an ephemeral port, for client tests.
///
/// It serves one connection at a time on a background thread, answers every request with
/// `handler`, closes each connection after one response, and records what it received.
/// Its loops are bounded: it stops after `maxConnections` connections or `lifetime`
/// seconds, and ``stop()`` ends it within about 50 ms.
final class LoopbackHTTPServer: @unchecked Sendable {
    struct Request: Sendable {
        let method: String
        /// Path without the query, e.g. `/3/movie/550`.
        let path: String
        /// Decoded query parameters.
        let query: [String: String]
        /// Header fields with lower-cased names.
        let headers: [String: String]
        /// The raw request head as received.
        let rawHead: String
    }

    struct Response: Sendable {
        var status: Int = 200
        var headers: [String: String] = [:]
        var body: String = "{}"
        /// Seconds to wait before answering.
        var delay: TimeInterval = 0
    }

    enum ServerError: Error {
        case socket(String)
    }

    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Request) -> Response
    private let lock = NSLock()
    private var stopRequested = false
    private var requests: [Request] = []
    private let finished = DispatchSemaphore(value: 0)
    private let maxConnections: Int
    private let deadline: Date

    /// Starts listening and serving immediately.
    init(
        maxConnections: Int = 32, lifetime: TimeInterval = 20,
        handler: @escaping @Sendable (Request) -> Response
    ) throws {
        self.handler = handler
        self.maxConnections = maxConnections
        deadline = Date().addingTimeInterval(lifetime)
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ServerError.socket("socket() failed") }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw ServerError.socket("bind/listen failed")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            close(fd)
            throw ServerError.socket("getsockname failed")
        }
        listener = fd
        port = UInt16(bigEndian: actual.sin_port)
        let thread = Thread { [self] in serve() }
        thread.name = "LoopbackHTTPServer:\(port)"
        thread.start()
    }

    /// `http://127.0.0.1:<port>/3`, a TMDb-like base URL.
    var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)/3") ?? URL(fileURLWithPath: "/")
    }

    /// Requests received so far.
    var receivedRequests: [Request] {
        lock.withLock { requests }
    }

    /// Stops the server and waits (at most 2 s) for its thread to finish.
    func stop() {
        let alreadyStopped = lock.withLock {
            let previous = stopRequested
            stopRequested = true
            return previous
        }
        if !alreadyStopped {
            _ = finished.wait(timeout: .now() + 2)
        }
    }

    private var shouldStop: Bool {
        lock.withLock { stopRequested } || Date() > deadline
    }

    private func serve() {
        defer {
            close(listener)
            finished.signal()
        }
        var served = 0
        while served < maxConnections, !shouldStop {
            guard Self.waitReadable(listener, milliseconds: 50) else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            served += 1
            handle(client)
            close(client)
        }
    }

    private func handle(_ client: Int32) {
        guard let head = readHead(client), let request = Self.parse(head) else { return }
        lock.withLock { requests.append(request) }
        let response = handler(request)
        // Sleep in small steps so stop() is honoured promptly.
        let wakeUp = Date().addingTimeInterval(response.delay)
        while Date() < wakeUp {
            if shouldStop { return }
            usleep(20_000)
        }
        write(response, to: client)
    }

    private func readHead(_ client: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        var received: [UInt8] = []
        for _ in 0..<64 {  // at most 64 reads × 4 KiB
            guard !shouldStop, Self.waitReadable(client, milliseconds: 1_000) else { return nil }
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received += buffer[0..<count]
            let text = String(decoding: received, as: UTF8.self)
            if text.contains("\r\n\r\n") { return text }
        }
        return nil
    }

    private func write(_ response: Response, to client: Int32) {
        let body = Array(response.body.utf8)
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        var headers = response.headers
        headers["Content-Length"] = String(body.count)
        headers["Connection"] = "close"
        if headers["Content-Type"] == nil { headers["Content-Type"] = "application/json;charset=utf-8" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        let bytes = Array(head.utf8) + body
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    private static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    private static func parse(_ head: String) -> Request? {
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        let target = String(parts[1])
        let components = URLComponents(string: target)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] {
            query[item.name] = item.value ?? ""
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(
            method: String(parts[0]), path: components?.path ?? target, query: query, headers: headers,
            rawHead: head)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
