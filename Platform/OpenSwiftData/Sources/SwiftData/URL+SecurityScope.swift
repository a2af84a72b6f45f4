#if os(Linux)
    import Foundation

    // Apple's Foundation brackets the use of a file the user picked (an import, a backup) with
    // these calls, which SwiftData apps make around reading such a file into their store;
    // Linux's Foundation lacks them. Linux has no security-scoped URLs: a file is reachable by
    // its permissions alone, so there is no access to start, as on Apple platforms for a URL
    // that is not security-scoped.
    extension URL {
        /// Returns false: Linux has no security scope to enter; the file is read or written
        /// with the process's permissions, as on Apple platforms for a URL without one.
        public func startAccessingSecurityScopedResource() -> Bool { false }

        /// Does nothing: no access was started (see ``startAccessingSecurityScopedResource()``).
        public func stopAccessingSecurityScopedResource() {}
    }
#endif
