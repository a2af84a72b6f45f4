import Foundation
import Synchronization

/// A loopback listener that plays a PostgreSQL server without TLS to one client: it
/// answers the client's SSLRequest with `N` and records every byte the client sends after
/// that, to see whether a startup message (the user name) or a password follows.
///
/// It serves from a thread it starts when made, not from a task: on a machine whose
/// concurrency pool is busy (a whole test suite in parallel) a task could start after the
/// client's 10-second connect deadline had passed, and the client would give up unanswered.
final class DecliningTLSServer: Sendable {
    let port: Int
    private let listener: Int32
    private let served = Mutex<Served>(.serving)

    /// Where the serving thread is: still serving, awaited, or done with what it received.
    private enum Served {
        case serving
        case awaited(CheckedContinuation<[UInt8]?, Never>)
        case done([UInt8]?)
    }

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard bound == 0, named == 0, listen(listener, 1) == 0 else {
            close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        // Blocking socket calls: a thread of its own, off the concurrency pool.
        Thread.detachNewThread { self.finish(self.serveOne()) }
    }

    deinit { close(listener) }

    /// Serves one client: what it sent after its SSLRequest, until it closed the connection,
    /// sent a whole message (its startup message, in plaintext) or was silent for ten seconds
    /// (a client slowed down by a busy machine still gets its turn); `nil` when no client came
    /// within a minute or the first message was not an SSLRequest.
    func bytesAfterDecliningTLS() async -> [UInt8]? {
        await withCheckedContinuation { continuation in
            let received: [UInt8]?? = served.withLock { served in
                guard case .done(let received) = served else {
                    served = .awaited(continuation)
                    return nil
                }
                return received
            }
            if let received { continuation.resume(returning: received) }
        }
    }

    /// Hands what the serving thread received to whoever awaits it, or keeps it for them.
    private func finish(_ received: [UInt8]?) {
        let awaiting: CheckedContinuation<[UInt8]?, Never>? = served.withLock { served in
            defer { served = .done(received) }
            guard case .awaited(let continuation) = served else { return nil }
            return continuation
        }
        awaiting?.resume(returning: received)
    }

    private func serveOne() -> [UInt8]? {
        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, 60_000) == 1 else { return nil }
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return nil }
        defer { close(client) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // An SSLRequest: its length (8) and the code 80877103, big-endian.
        guard readRequest(client) == [0, 0, 0, 8, 4, 210, 22, 47] else { return nil }
        guard send(client, [UInt8(ascii: "N")], 1, 0) == 1 else { return nil }
        var received: [UInt8] = []
        while !Self.holdsWholeMessage(received), let chunk = readSome(client) { received += chunk }
        return received
    }

    /// Whether `bytes` begin with a whole message: a startup message's first 4 bytes are its
    /// length, big-endian, themselves included.
    private static func holdsWholeMessage(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        let length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        return bytes.count >= length
    }

    /// The first 8 bytes the client sends; `nil` if it sends fewer.
    private func readRequest(_ socket: Int32) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: 8)
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + filled, 8 - filled, 0) }
            guard got > 0 else { return nil }
            filled += got
        }
        return bytes
    }

    /// What the client sends next; `nil` once it has closed the connection, after ten
    /// silent seconds, or on an error.
    private func readSome(_ socket: Int32) -> [UInt8]? {
        let capacity = 4096
        var bytes = [UInt8](repeating: 0, count: capacity)
        let got = recv(socket, &bytes, capacity, 0)
        return got > 0 ? Array(bytes[..<got]) : nil
    }
}
