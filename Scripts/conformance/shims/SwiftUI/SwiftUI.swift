// SwiftUI does not exist on Linux. A recipe names this shim only for a production file that
// imports SwiftUI and uses no more of it than Foundation's types, which SwiftUI re-exports.
@_exported import Foundation
