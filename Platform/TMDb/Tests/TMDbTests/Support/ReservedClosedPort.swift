import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback TCP port that is bound but not listening, so connections to it are refused.
///
/// Keeping the socket bound guarantees no other test's server gets the same port meanwhile.
final class ReservedClosedPort {
    let port: UInt16
    private let fd: Int32

    init() throws {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw LoopbackHTTPServer.ServerError.socket("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            close(fd)
            throw LoopbackHTTPServer.ServerError.socket("bind failed")
        }
        self.fd = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    /// `http://127.0.0.1:<port>/3`.
    var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)/3") ?? URL(fileURLWithPath: "/")
    }

    deinit {
        close(fd)
    }
}
