// `import SwiftData` on platforms where Apple's SwiftData does not exist: this module
// re-exports OpenSwiftData, so that SwiftData code builds with its import line as it is,
// module-qualified names (`SwiftData.ModelContext`) included. Depend on this product
// only on those platforms (`.when(platforms: [.linux])`); see the README.
@_exported import OpenSwiftData
