// `import os` on platforms where Apple's `os` module does not exist: `Logger`, `OSLog` and
// `OSLogType` come from OSLog, as `import os` brings them on Apple platforms. Depend on this
// product only on those platforms (`.when(platforms: [.linux])`); see the article Porting from
// SwiftData in OpenSwiftData's documentation catalog.
@_exported import OSLog
