// Apple's OSLog framework imports Foundation in its headers, so `import OSLog` alone makes
// `Date`, `URL` and `NSObject` visible there; code that relies on it compiles here too.
@_exported import Foundation
