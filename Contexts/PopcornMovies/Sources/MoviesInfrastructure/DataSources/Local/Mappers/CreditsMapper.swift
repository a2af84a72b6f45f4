import Foundation
import MoviesDomain

/// Maps cached credits to domain credits and back, keeping the cast in billing order.
struct CreditsMapper {
    func map(_ entity: MoviesCreditsEntity) -> Credits {
        Credits(
            cast: entity.cast.sorted { $0.order < $1.order }.map {
                CastMember(
                    id: $0.personID, name: $0.name, character: $0.character, order: $0.order,
                    profilePath: $0.profilePath)
            },
            crew: entity.crew.map {
                CrewMember(
                    id: $0.personID, name: $0.name, job: $0.job, department: $0.department,
                    profilePath: $0.profilePath)
            }
        )
    }

    func map(_ credits: Credits, movieID: Int, cachedAt: Date) -> MoviesCreditsEntity {
        let entity = MoviesCreditsEntity(movieID: movieID, cachedAt: cachedAt)
        entity.cast = credits.cast.map {
            MoviesCastMemberEntity(
                personID: $0.id, name: $0.name, character: $0.character, order: $0.order, profilePath: $0.profilePath)
        }
        entity.crew = credits.crew.map {
            MoviesCrewMemberEntity(
                personID: $0.id, name: $0.name, job: $0.job, department: $0.department, profilePath: $0.profilePath)
        }
        return entity
    }
}
