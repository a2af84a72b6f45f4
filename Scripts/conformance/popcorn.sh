# adamayoung/popcorn, the origin app: its SwiftData tests, with the modules they need.
#
# The SwiftData tests live in the *InfrastructureTests targets of five contexts (Movies,
# Search, Discover, TVListings, TVSeries) and in DataPersistenceInfrastructureTests. Those
# test targets are compiled whole, as the app's packages declare them; they need each
# context's Domain and Infrastructure modules, CoreDomain (and its test helpers),
# Observability (and its test helpers), Caching and DataPersistenceInfrastructure: all
# compiled from the app's own files. Nothing needs TMDb (only the Adapters packages do).
# Apple frameworks Linux lacks: OSLog (OSLogPortingKit) and CoreData (the shim's
# NSPersistentCloudKitContainer.eventChangedNotification, which SwiftDataFetchStreaming
# listens to).
REPO=adamayoung/popcorn
EXTRACT="Core/CoreDomain Platform Contexts"
SHIMS="FoundationGaps CoreData"

recipe() {
    lib Observability Platform/Observability/Sources/Observability
    lib ObservabilityTestHelpers Platform/Observability/Sources/ObservabilityTestHelpers Observability
    lib CoreDomain Core/CoreDomain/Sources/CoreDomain
    lib CoreDomainTestHelpers Core/CoreDomain/Sources/CoreDomainTestHelpers CoreDomain
    lib Caching Platform/Caching/Sources/Caching Observability
    lib DataPersistenceInfrastructure Platform/DataPersistenceInfrastructure/Sources/DataPersistenceInfrastructure
    test DataPersistenceInfrastructureTests Platform/DataPersistenceInfrastructure/Tests/DataPersistenceInfrastructureTests DataPersistenceInfrastructure

    lib MoviesDomain Contexts/PopcornMovies/Sources/MoviesDomain CoreDomain
    lib MoviesInfrastructure Contexts/PopcornMovies/Sources/MoviesInfrastructure MoviesDomain DataPersistenceInfrastructure Caching
    test MoviesInfrastructureTests Contexts/PopcornMovies/Tests/MoviesInfrastructureTests MoviesInfrastructure MoviesDomain CoreDomain

    lib SearchDomain Contexts/PopcornSearch/Sources/SearchDomain CoreDomain
    lib SearchInfrastructure Contexts/PopcornSearch/Sources/SearchInfrastructure SearchDomain DataPersistenceInfrastructure
    test SearchInfrastructureTests Contexts/PopcornSearch/Tests/SearchInfrastructureTests SearchInfrastructure SearchDomain CoreDomain

    lib DiscoverDomain Contexts/PopcornDiscover/Sources/DiscoverDomain CoreDomain
    lib DiscoverInfrastructure Contexts/PopcornDiscover/Sources/DiscoverInfrastructure DiscoverDomain DataPersistenceInfrastructure Observability
    test DiscoverInfrastructureTests Contexts/PopcornDiscover/Tests/DiscoverInfrastructureTests DiscoverInfrastructure DiscoverDomain ObservabilityTestHelpers

    lib TVListingsDomain Contexts/PopcornTVListings/Sources/TVListingsDomain CoreDomain
    lib TVListingsInfrastructure Contexts/PopcornTVListings/Sources/TVListingsInfrastructure TVListingsDomain DataPersistenceInfrastructure Observability
    test TVListingsInfrastructureTests Contexts/PopcornTVListings/Tests/TVListingsInfrastructureTests TVListingsInfrastructure TVListingsDomain CoreDomainTestHelpers ObservabilityTestHelpers

    lib TVSeriesDomain Contexts/PopcornTVSeries/Sources/TVSeriesDomain CoreDomain
    lib TVSeriesInfrastructure Contexts/PopcornTVSeries/Sources/TVSeriesInfrastructure TVSeriesDomain DataPersistenceInfrastructure Observability
    test TVSeriesInfrastructureTests Contexts/PopcornTVSeries/Tests/TVSeriesInfrastructureTests TVSeriesInfrastructure TVSeriesDomain CoreDomainTestHelpers ObservabilityTestHelpers
}
