# muhiro12/Bestuff: the app's BestuffLibrary package (models Stuff and Tag, their services, backups)
# and its Swift Testing tests, as the package's manifest declares them. Left out of the library,
# because no test reaches them:
#   Shared/Models/SwiftAppUtilities.swift: `@_exported import SwiftAppUtilities`, a package of the
#     author's that is not available offline; nothing the tests reach uses it.
#   Plan/Entities/PlanSuggestion.swift: FoundationModels' @Generable.
#   Configuration/Models/ConfigurationService.swift: `URLSession.shared`, which Linux's Foundation
#     keeps in FoundationNetworking (the file imports Foundation only); it downloads the app's
#     remote configuration, and no test or other library file uses it.
REPO=muhiro12/Bestuff
EXTRACT=BestuffLibrary

recipe() {
    SETTINGS=".swiftLanguageMode(.v6)"
    EXCLUDE="Shared/Models/SwiftAppUtilities.swift Plan/Entities/PlanSuggestion.swift Configuration/Models/ConfigurationService.swift" \
        lib BestuffLibrary BestuffLibrary/Sources
    test BestuffLibraryTests BestuffLibrary/Tests BestuffLibrary
}
