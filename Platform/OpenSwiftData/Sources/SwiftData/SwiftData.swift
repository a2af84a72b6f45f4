// Apple's SwiftData re-exports Foundation: a file that imports only SwiftData uses `Date`,
// `URL` and `#Predicate`. The re-export is here, not in OpenSwiftData, because only code
// written for Apple's module relies on it; `import OpenSwiftData` keeps Swift's rule that a
// file imports what it uses.
@_exported import Foundation
// Apple's SwiftData re-exports Observation too: a file that imports only SwiftData declares
// `@Observable` view models, marks properties `@ObservationIgnored` and calls
// `withObservationTracking`.
@_exported import Observation
// `import SwiftData` on platforms where Apple's SwiftData does not exist: this module
// re-exports OpenSwiftData, so that SwiftData code builds with its import line as it is,
// module-qualified names (`SwiftData.ModelContext`) included. Depend on this product
// only on those platforms (`.when(platforms: [.linux])`); see the README.
@_exported import OpenSwiftData
