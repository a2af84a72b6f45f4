// `import OSLog` where Apple's OSLog does not exist (Linux): `Logger`, `OSLog`, `OSLogType`
// and `os_log` with Apple's call syntax. Apple's OSLog imports Foundation in its headers, so
// `import OSLog` alone makes `Date`, `URL` and `NSObject` visible there; code that relies on it
// compiles here too.
@_exported import Foundation
