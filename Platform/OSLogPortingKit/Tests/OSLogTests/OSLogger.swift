import OSLog

/// OSLog's `Logger`, named apart from swift-log's for the files that import both.
typealias OSLogger = Logger
