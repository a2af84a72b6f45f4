import Hummingbird
import SwiftData

/// A trip as the routes read and write it.
struct TripView: ResponseCodable, Equatable {
    var code: String
    var name: String
    var stops: [String]
}

/// What a request that creates or renames a trip, or adds a stop, sends.
struct TripFields: Codable {
    var code: String?
    var name: String?
    var place: String?
}

/// The routes of the service: each request works in a context of its own on the container,
/// and each write is one save (one PostgreSQL transaction).
enum Routes {
    static func router(container: ModelContainer) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("trips") { _, _ -> [TripView] in
            let context = ModelContext(container)
            return try context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.code)])).map(view)
        }
        router.post("trips") { request, context -> HTTPResponse.Status in
            let fields = try await request.decode(as: TripFields.self, context: context)
            guard let code = fields.code, let name = fields.name else { throw HTTPError(.badRequest) }
            let models = ModelContext(container)
            models.insert(Trip(code: code, name: name))
            try models.save()
            return .created
        }
        router.patch("trips/:code") { request, context -> HTTPResponse.Status in
            let fields = try await request.decode(as: TripFields.self, context: context)
            let models = ModelContext(container)
            let trip = try find(context.parameters.require("code"), in: models)
            if let name = fields.name { trip.name = name }
            try models.save()
            return .ok
        }
        router.post("trips/:code/stops") { request, context -> HTTPResponse.Status in
            let fields = try await request.decode(as: TripFields.self, context: context)
            guard let place = fields.place else { throw HTTPError(.badRequest) }
            let models = ModelContext(container)
            let trip = try find(context.parameters.require("code"), in: models)
            let stop = Stop(place: place)
            models.insert(stop)
            stop.trip = trip
            try models.save()
            return .created
        }
        router.delete("trips/:code") { _, context -> HTTPResponse.Status in
            let models = ModelContext(container)
            models.delete(try find(context.parameters.require("code"), in: models))
            try models.save()
            return .ok
        }
        return router
    }

    private static func find(_ code: String, in context: ModelContext) throws -> Trip {
        guard let trip = try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.code == code })).first
        else { throw HTTPError(.notFound) }
        return trip
    }

    private static func view(_ trip: Trip) -> TripView {
        TripView(code: trip.code, name: trip.name, stops: trip.stops.map(\.place).sorted())
    }
}
