import Foundation
import TVSeriesDomain

/// Maps a series' credits between the cache and the domain, keeping the source's order.
struct CreditsMapper {
    func map(_ entity: TVSeriesCreditsEntity) -> Credits {
        Credits(
            cast: entity.cast.sorted { $0.position < $1.position }.map {
                CastMember(
                    id: $0.personID, name: $0.name, character: $0.character, order: $0.order,
                    profilePath: $0.profilePath)
            },
            crew: entity.crew.sorted { $0.position < $1.position }.map {
                CrewMember(
                    id: $0.personID, name: $0.name, job: $0.job, department: $0.department, profilePath: $0.profilePath)
            })
    }

    /// A new entity for the credits of the series, stamped `cachedAt`.
    func map(_ credits: Credits, tvSeriesID: Int, cachedAt: Date) -> TVSeriesCreditsEntity {
        let entity = TVSeriesCreditsEntity(tvSeriesID: tvSeriesID, cachedAt: cachedAt)
        entity.cast = credits.cast.enumerated().map { position, member in
            TVSeriesCastMemberEntity(
                personID: member.id, name: member.name, character: member.character, order: member.order,
                profilePath: member.profilePath, position: position)
        }
        entity.crew = credits.crew.enumerated().map { position, member in
            TVSeriesCrewMemberEntity(
                personID: member.id, name: member.name, job: member.job, department: member.department,
                profilePath: member.profilePath, position: position)
        }
        return entity
    }
}
