// `import os` where Apple's `os` module does not exist (Linux): `Logger`, `OSLog`,
// `OSLogType` and `os_log`, as Apple's `os` module declares them. Depend on this product only
// on those platforms (`.when(platforms: [.linux])`); see the article Porting from SwiftData
// in OpenSwiftData's documentation catalog.

// Apple's os and OSLog modules import Foundation in their headers, so `import OSLog` alone
// makes `Date`, `URL` and `NSObject` visible there; code that relies on it compiles here too.
@_exported import Foundation
// The C module `os` (osModuleMap), as Apple's is: its submodules `log` and `signpost` make
// `import os.log` and `import os.signpost` compile, and import this module with them.
@_exported import os
