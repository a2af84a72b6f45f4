import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The demonstration: two processes of the service, requests to both at once, then what
/// each reads.
enum Demonstration {
    static let trips = 1...12

    static func run() async throws {
        let servers = try (0..<2).map { _ in try Server.start() }
        defer { for server in servers { server.stop() } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in trips {
                group.addTask {
                    // This trip's requests in order, alternating between the two processes.
                    let (one, other) = (servers[number % 2], servers[(number + 1) % 2])
                    let code = "T\(number)"
                    try await one.send("POST", "trips", ["code": code, "name": "Trip \(number)"])
                    try await other.send("POST", "trips/\(code)/stops", ["place": "Stop \(number)a"])
                    try await one.send("POST", "trips/\(code)/stops", ["place": "Stop \(number)b"])
                    try await other.send("PATCH", "trips/\(code)", ["name": "Trip \(number), renamed"])
                    if number % 4 == 0 { try await one.send("DELETE", "trips/\(code)", [:]) }
                }
            }
            try await group.waitForAll()
        }
        let read = try await servers.asyncMap { try await $0.trips() }
        guard read[0] == read[1] else { throw Failure(what: "the two processes read different trips") }
        print("Both processes read \(read[0].count) trips:")
        for trip in read[0] { print("\(trip.code) \(trip.name): \(trip.stops.joined(separator: ", "))") }
    }

    struct Failure: Error, CustomStringConvertible {
        let what: String
        var description: String { what }
    }
}

/// One process of the service, started by the demonstration.
struct Server: Sendable {
    let process: Process
    let port: Int

    static func start() throws -> Server {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["serve"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line: [UInt8] = []
        while let byte = output.fileHandleForReading.readData(ofLength: 1).first, byte != UInt8(ascii: "\n") {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)), port > 0 else {
            process.terminate()
            throw Demonstration.Failure(what: "the service did not start")
        }
        return Server(process: process, port: port)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    /// Sends a request with a JSON body; fails unless the service answers 2xx.
    func send(_ method: String, _ path: String, _ body: [String: String]) async throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/\(path)")!)
        request.httpMethod = method
        if !body.isEmpty {
            request.httpBody = try JSONEncoder().encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (_, response) = try await URLSession.shared.data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
            throw Demonstration.Failure(what: "\(method) /\(path) failed")
        }
    }

    func trips() async throws -> [TripView] {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/trips")!)
        return try JSONDecoder().decode([TripView].self, from: data)
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
