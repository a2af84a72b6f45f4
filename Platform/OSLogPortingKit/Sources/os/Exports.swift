// `import os`, `import os.log` and `import os.signpost` where Apple's `os` module does not exist
// (Linux): the OSLog module's `Logger`, `OSLog` and `os_log`, which `os.Logger` names too.
// Depend on this product only on those platforms (`.when(platforms: [.linux])`), and only for
// code that writes these imports: a module named `os` in a build makes the packages that test
// `canImport(os)` to detect Apple platforms (swift-argument-parser, swift-syntax, …) take
// their Apple path there (see the article Logging with `import OSLog` or `import os` in
// OpenSwiftData's documentation catalog).
@_exported import OSLog
// The C module `os` (osModuleMap): its submodules `log` and `signpost` make `import os.log`
// and `import os.signpost` compile, and Swift loads this module as their overlay.
@_exported import os
