// Two processes of one HTTP service over one PostgreSQL database. Run with `serve`, the
// program is the service: it opens the store at $TRIP_SERVER_URL, listens on a loopback port
// of its own, and writes that port on its standard output. Run without arguments, it is the
// demonstration: it starts the service twice, sends both processes requests at once (trips
// created, given stops, renamed and deleted, each trip's requests in order, different trips'
// at the same time, each request to either process), then reads the trips from both and
// prints them: what one process would have left. It first deletes the trips an earlier run
// left. An error ends either with one line on the standard error.
import Foundation
import Hummingbird
import OpenSwiftDataPostgres
import SwiftData

guard let address = ProcessInfo.processInfo.environment["TRIP_SERVER_URL"], let url = URL(string: address) else {
    FileHandle.standardError.write(Data("trip-server: set TRIP_SERVER_URL to a postgres:// URL\n".utf8))
    exit(2)
}

do {
    let container = try ModelContainer(
        for: Trip.self, Stop.self, configurations: PostgresStoreConfiguration(name: "trips", url: url))
    if CommandLine.arguments.dropFirst().first == "serve" {
        let app = Application(
            router: Routes.router(container: container),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                FileHandle.standardOutput.write(Data("\(channel.localAddress?.port ?? 0)\n".utf8))
            })
        try await app.runService()
    } else {
        // From no trips, so that a run prints the same whatever an earlier run left.
        let context = ModelContext(container)
        try context.delete(model: Trip.self)
        try context.save()
        try await Demonstration.run()
    }
} catch {
    FileHandle.standardError.write(Data("trip-server: \(error)\n".utf8))
    exit(1)
}
